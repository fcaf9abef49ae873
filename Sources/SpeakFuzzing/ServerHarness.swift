#if DEBUG || SPEAK_FUZZ
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
@testable import SpeakKit
@testable import SpeakLibrary
@testable import SpeakServer
@testable import SpeakSync

/// A request to the web reader and the sync server, through every middleware and route as
/// `speak serve --accounts` answers it. The input is the request as text: "METHOD PATH", header
/// lines, an empty line, the body (forms, uploads, JSON, bearer tokens, cookies).
enum ServerHarness {
    static let harness = FuzzHarness("server", "an HTTP request to the reader and sync server: path, query, headers, body",
                                     setUp: { responder == nil ? "the server did not start on a library in \(FuzzScratch.directory)" : nil },
                                     seeds: { requests.map { Data($0.utf8) } }) { data in
        guard let responder = Self.responder, let request = Self.request(data) else { return }
        let done = DispatchSemaphore(value: 0)
        Task {
            let context = BasicRequestContext(source: .init(channel: Self.channel, logger: Self.logger))
            if let response = try? await responder.respond(to: request, context: context) {
                try? await response.body.write(Discarding())
            }
            done.signal()
        }
        done.wait()
        // An upload's import runs on after its answer; what it holds would count as this
        // input's leak, or the next one's.
        ImportJobs.inFlight.wait()
        restore()
    }

    /// Puts the library and the accounts back as they were before the first input (SQLite's
    /// backup, from copies in memory), so every input meets the same server and its outcome
    /// does not depend on the inputs before it. A library that grew by an upload per input made
    /// every page listing it slower (130 inputs a second at first, under 20 after 100,000);
    /// removing documents alone still left a folder per input and the positions and logins.
    private static func restore() {
        guard let server = Self.server else { return }
        try? server.pristine.library.backup(to: server.library)
        try? server.pristine.accounts.backup(to: server.accounts)
    }

    private static let requests = [
        "GET /\n\n", "GET /read/1?word=3\n\n", "GET /api/documents\nAccept: application/json\n\n",
        "POST /api/documents/1/position\nContent-Type: application/json\n\n{\"word\": 4, \"speed\": 1.25}",
        "GET /api/documents/1/clip?from=0&words=20&speed=1&format=wav\n\n",
        "POST /api/import?name=notes.txt&folder=Inbox\nContent-Type: application/octet-stream\n\nSome text to read.",
        "POST /api/import-text\nContent-Type: application/json\n\n{\"title\": \"P\", \"text\": \"Pasted words here.\"}",
        "POST /login\nContent-Type: application/x-www-form-urlencoded\n\npassword=secret&next=%2F",
        "POST /api/accounts\nContent-Type: application/json\n\n{\"name\": \"ann\", \"password\": \"a long password\"}",
        "POST /api/sessions\nContent-Type: application/json\n\n{\"name\": \"ann\", \"password\": \"a long password\"}",
        "GET /api/account/documents\nAuthorization: Bearer 0123456789abcdef\n\n",
        "POST /account/login\nContent-Type: application/x-www-form-urlencoded\n\nname=ann&password=a+long+password",
        "POST /manage/rename\nContent-Type: application/x-www-form-urlencoded\n\nid=1&title=New%20name",
        "GET /api/documents/1/blocks?from=0&count=10\n\n",
        "POST /api/sync\nAuthorization: Bearer abc\nContent-Type: application/json\n\n{\"positions\": []}",
        "GET /search?q=word\nCookie: speak_session=abc\n\n",
    ]

    /// Routes that reach past this process (fetching a URL, Apertium, a sync server): their
    /// input parsing is the same as the others', and a fuzzer must not start programs or connect out.
    private static let elsewhere = ["/api/import-url", "/translations", "/api/sync-now", "/api/voices/prepare"]

    /// The channel every request's context names: one, not one a request — a testing channel
    /// that is never closed keeps its pipeline (LeakSanitizer stopped the harness on it).
    private static let channel = NIOAsyncTestingChannel()

    private static let logger: Logger = {
        var logger = Logger(label: "speak-fuzz")
        logger.logLevel = .critical
        return logger
    }()

    /// The document every input meets, at the top of the library and in a folder.
    private static let sampleFile = FuzzScratch.file("sample.txt", Data("A Title\n\nThe first paragraph has words. The second sentence follows it.\n".utf8))
    /// One server per process on a library of its own, with a document at the top and one in a
    /// folder, and an account, logged in, whose password costs nothing to check (bcrypt would
    /// cost a quarter second). No ONNX Runtime: a clip asked of the Piper voice gets the answer
    /// of a machine without it. With it, inference took 71 % of the harness's time (30 inputs a
    /// second) on audio that says nothing of how a request is read; the voice's config has a
    /// harness of its own.
    private static let server: Server? = {
        let home = (FuzzScratch.directory as NSString).appendingPathComponent("server")
        // A crashed run leaves its library (a crash skips exit handlers), and the reproducing
        // run that follows in the same directory must not meet it: its account already there
        // failed the set-up, and the failed set-up's exit was then reported as the leak.
        try? FileManager.default.removeItem(atPath: home)
        var inbox = ImportRequest()
        inbox.folder = "Inbox"
        inbox.force = true
        guard let speak = try? Speak(environment: ["SPEAK_HOME": home, "SPEAK_SERVE_MAX_UPLOAD": "65536", "HOME": home,
                                                      "SPEAK_ONNXRUNTIME": (home as NSString).appendingPathComponent("no-onnxruntime.so")]),
              (try? speak.importInput(.file(sampleFile))) != nil, (try? speak.importInput(.file(sampleFile), request: inbox)) != nil,
              let library = try? speak.library().queue,
              let database = try? SQLiteAccountDatabase(path: (home as NSString).appendingPathComponent("accounts.sqlite")),
              let user = try? database.addUser(name: "ann", passwordHash: PlainHashing().hash("a long password"), created: 0),
              (try? database.addToken(hash: AccountStore.digest(token), user: user, name: "ann", device: "fuzz", created: 0, expires: .infinity)) != nil,
              let pristineLibrary = try? DatabaseQueue(), (try? library.backup(to: pristineLibrary)) != nil,
              let pristineAccounts = try? DatabaseQueue(), (try? database.queue.backup(to: pristineAccounts)) != nil
        else { return nil }
        let accounts = AccountStore(database: database, hashing: PlainHashing())
        return Server(responder: ReaderServer(speak: speak, accounts: accounts).routes().0.buildResponder(),
                      library: library, accounts: database.queue, pristine: (pristineLibrary, pristineAccounts))
    }()

    /// The bearer token of the account every input meets: a request needs no login before it
    /// to reach what an account sees.
    private static let token = "0123456789abcdef"

    private struct Server {
        let responder: RouterResponder<BasicRequestContext>
        let library: DatabaseQueue
        let accounts: DatabaseQueue
        let pristine: (library: DatabaseQueue, accounts: DatabaseQueue)
    }
    private static var responder: RouterResponder<BasicRequestContext>? { server?.responder }

    static func request(_ data: Data) -> Request? {
        let text = String(decoding: data, as: UTF8.self)
        let (head, body) = text.range(of: "\n\n").map { (text[..<$0.lowerBound], text[$0.upperBound...]) } ?? (text[...], ""[...])
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let start = lines.removeFirst().split(separator: " ", maxSplits: 1)
        guard start.count == 2, let method = HTTPRequest.Method(String(start[0])), start[1].hasPrefix("/"),
              !Self.elsewhere.contains(where: { start[1].contains($0) }) else { return nil }
        var fields = HTTPFields()
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
            fields.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        fields[.contentLength] = String(body.utf8.count)
        let requestHead = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: String(start[1]), headerFields: fields)
        return Request(head: requestHead, body: RequestBody(buffer: ByteBuffer(string: String(body))))
    }

    private struct Discarding: ResponseBodyWriter {
        mutating func write(_ buffer: ByteBuffer) async throws {}
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    private struct PlainHashing: PasswordHashing {
        func hash(_ password: String) -> String { "plain:" + password }
        func verify(_ password: String, hash: String) -> Bool { hash == "plain:" + password }
    }
}
#endif
