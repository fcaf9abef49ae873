import Foundation
import Hummingbird
import SpeakKit
import SpeakSync
import SpeakModel

/// The web reader of each account (`speak serve --accounts`): a browser logged in with an
/// account sees that account's library, never the server owner's nor another user's. Each
/// account's documents live in the account store; this server keeps a working copy of them
/// (a library of its own per account, under `accounts/` beside the owner's library) that is
/// a device of the account like any other: brought up to date from the store when a page of
/// the library or the reader opens, and synced whenever it writes a position, so another
/// instance, or `speak sync` on a laptop, sees where the browser is.
final class AccountLibraries: Sendable {
    static let cookie = "speak_account"

    struct Library: Sendable {
        let speak: Speak
        let responder: RouterResponder<BasicRequestContext>
        let positions: PositionBook
    }

    private let owner: Speak
    private let accounts: AccountStore
    private let maximumUpload: Int
    private let libraries = Locked<[Int64: Library]>([:])

    init(owner: Speak, accounts: AccountStore, maximumUpload: Int) {
        self.owner = owner
        self.accounts = accounts
        self.maximumUpload = maximumUpload
    }

    /// The working copy of `account`'s library, with the reader's routes over it.
    func library(for account: Account) throws -> Library {
        if let known = libraries.withLock({ $0[account.id] }) { return known }
        var environment = owner.environment
        environment["SPEAK_HOME"] = owner.libraryDirectory.appendingPathComponent("accounts/\(account.id)").path
        let speak = try Speak(environment: environment)
        let accounts = accounts
        let positions = PositionBook(speak: speak) { _ = try? Self.sync(account, speak, accounts) }
        let imports = ImportJobs(speak: speak) { id in
            // A document added in the browser goes to the account, for the other devices.
            _ = try accounts.upload(account: account, json: try JSONEncoder().encode(try speak.documentUpload(id: id).upload))
        }
        let router = Router()
        ServerRoutes(speak: speak, access: ServerAccess(hash: nil), voice: SpeechQueue(speak: speak), imports: imports,
                     positions: positions, maximumUpload: maximumUpload).add(to: router)
        let made = Library(speak: speak, responder: router.buildResponder(), positions: positions)
        return libraries.withLock { libraries in
            if let raced = libraries[account.id] { return raced }
            libraries[account.id] = made
            return made
        }
    }

    /// Takes the account's documents this copy lacks from the store, then syncs positions and
    /// edits; the documents whose position moved, with the word.
    @discardableResult
    func refresh(_ account: Account, _ library: Library, playing: PlayingPlace? = nil) throws -> [Int64: Int] {
        let store = try library.speak.library()
        for remote in try accounts.remoteDocuments(account: account) where !(try store.contains(contentHash: remote.contentHash)) {
            let upload = try JSONDecoder().decode(DocumentUpload.self, from: try accounts.download(account: account, contentHash: remote.contentHash))
            _ = try library.speak.addDownloaded(upload)
        }
        return try Self.sync(account, library.speak, accounts, playing: playing)
    }

    /// The copy's changes to the store and the store's to the copy, as `speak sync` does it.
    @discardableResult
    static func sync(_ account: Account, _ speak: Speak, _ accounts: AccountStore, playing: PlayingPlace? = nil) throws -> [Int64: Int] {
        var moved: [Int64: Int] = [:]
        while true {
            let outgoing = try speak.outgoingChanges(limit: 1_000)
            let reply = try accounts.sync(account: account, device: outgoing.device.id, deviceTime: Date().timeIntervalSince1970,
                                          seen: outgoing.seen, changes: outgoing.changes)
            for move in try speak.receiveChanges(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, playing: playing).moved { moved[move.id] = move.word }
            if outgoing.changes.count < 1_000 { return moved }
        }
    }

    /// Writes every account's positions not yet written, and syncs them (at shutdown).
    func flush() {
        for library in libraries.withLock({ Array($0.values) }) { library.positions.flush() }
    }

    /// Flushes every few seconds until cancelled, as the owner's library is.
    func run(every interval: Duration = .seconds(5)) async {
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            flush()
        }
    }

    /// The account a request's cookie belongs to; nil without one.
    func account(of request: Request) async throws -> Account? {
        guard let token = request.cookies[Self.cookie]?.value, !token.isEmpty else { return nil }
        let accounts = accounts
        return try await blocking { try accounts.account(token: token) }
    }

    /// Runs `work` off the event loop (the store may be a database across the network).
    func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await offEventLoop(work)
    }
}

/// Sends the requests of a browser logged in with an account to that account's library; the
/// account pages, the sync API and the assets are the server's own.
struct AccountLibraryMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let libraries: AccountLibraries

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.cookies[AccountLibraries.cookie] != nil, !path.hasPrefix("/assets/"), !path.hasPrefix("/account/"),
              !SyncRoutes.handles(path) else {
            return try await next(request, context)
        }
        if request.method != .get, request.method != .head, !AccessMiddleware<Context>.sameOrigin(request) { return Response(status: .forbidden) }
        let account: Account
        do {
            guard let found = try await libraries.account(of: request) else { return try await next(request, context) }
            account = found
        } catch let error as AccountError where error.kind == .unauthorized {
            // Expired or ended: log in again.
            var response = path.hasPrefix("/api/") ? Response(status: .unauthorized) : Response(status: .seeOther, headers: [.location: "/account/login"])
            response.setCookie(Cookie(name: AccountLibraries.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        } catch {
            throw HTTPError(.serviceUnavailable, message: "the account store cannot be reached; try again in a moment")
        }
        let library = try libraries.library(for: account)
        if request.method == .get, path == "/" || path.hasPrefix("/read/") {
            let libraries = libraries
            do {
                _ = try await libraries.blocking { try libraries.refresh(account, library) }
            } catch {
                // The working copy still reads; the next page brings what is missing.
            }
        }
        if path == "/api/sync-now", request.method == .post {
            // The reader's sync button: in this process, with the account's store.
            let libraries = libraries
            let playing = try await SyncNowRequest.place(of: request)
            library.positions.flush()
            do {
                let moved = try await libraries.blocking { try libraries.refresh(account, library, playing: playing) }
                return try ServerRoutes.json(SyncNowReply(synced: true, message: "", moved: Dictionary(uniqueKeysWithValues: moved.map { (String($0.key), $0.value) })))
            } catch {
                return try ServerRoutes.json(SyncNowReply(synced: false, message: (error as? AccountError)?.message ?? "\(error)", moved: [:]))
            }
        }
        return try await library.responder.respond(to: request, context: context)
    }
}
