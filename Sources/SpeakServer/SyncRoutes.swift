import Foundation
import Hummingbird
import HummingbirdBcrypt
import SpeakSync

/// bcrypt (hummingbird-auth) for the account store.
struct BcryptHashing: PasswordHashing {
    func hash(_ password: String) -> String { Bcrypt.hash(password, cost: 12) }
    func verify(_ password: String, hash: String) -> Bool { Bcrypt.verify(password, hash: hash) }
}

/// Accounts and sync (`speak serve --accounts`): registration, logins with bearer tokens,
/// logout, password change, and the exchange of position changes between a user's devices.
/// Every answer about something of another user is the same as about nothing at all.
struct SyncRoutes {
    let accounts: AccountStore
    /// The largest upload taken, in bytes (a document with its source file, as JSON).
    let maximumUpload: Int

    /// The paths these routes answer, which take a bearer token instead of the reader's login.
    static func handles(_ path: String) -> Bool {
        path == "/api/accounts" || path == "/api/sessions" || path == "/api/account" || path == "/api/account/password" || path == "/api/sync"
            || path == "/api/account/documents" || path.hasPrefix("/api/account/documents/")
    }

    func add(to router: Router<BasicRequestContext>) {
        router.post("/api/accounts") { request, _ in
            let asked = try await ServerRoutes.decode(NewAccount.self, request)
            let account = try await answer { try accounts.create(name: asked.name, password: asked.password) }
            return try Self.json(AccountReply(name: account.name, created: account.created), status: .created)
        }
        router.post("/api/sessions") { request, _ in
            let asked = try await ServerRoutes.decode(Login.self, request)
            let session = try await answer { try accounts.login(name: asked.name, password: asked.password, device: asked.device ?? "unnamed") }
            return try Self.json(session, status: .created)
        }
        router.delete("/api/sessions") { request, _ in
            let token = try Self.token(request)
            try await answer {
                _ = try accounts.account(token: token)
                try accounts.logout(token: token)
            }
            return Response(status: .noContent)
        }
        router.get("/api/account") { request, _ in
            let token = try Self.token(request)
            let account = try await answer { try accounts.account(token: token) }
            return try Self.json(AccountReply(name: account.name, created: account.created))
        }
        router.post("/api/account/password") { request, _ in
            let token = try Self.token(request)
            let asked = try await ServerRoutes.decode(NewPassword.self, request)
            try await answer { try accounts.changePassword(token: token, current: asked.current, new: asked.new) }
            return Response(status: .noContent)
        }
        addDocuments(to: router)
        router.post("/api/sync") { request, _ in
            let token = try Self.token(request)
            let account = try await answer { try accounts.account(token: token) }
            let asked = try await ServerRoutes.decode(SyncRequest.self, request)
            guard asked.changes.count <= 2_000 else { throw HTTPError(.contentTooLarge, message: "send at most 2,000 changes at a time") }
            let reply = try await answer {
                try accounts.sync(account: account, device: asked.device, deviceTime: asked.time, seen: asked.seen, changes: asked.changes)
            }
            return try Self.json(reply)
        }
    }

    /// The account's library: uploads, the list, downloads. Another user's document is not found.
    func addDocuments(to router: Router<BasicRequestContext>) {
        router.get("/api/account/documents") { request, _ in
            let token = try Self.token(request)
            return try Self.json(try await answer { try accounts.remoteDocuments(account: try accounts.account(token: token)) })
        }
        router.post("/api/account/documents") { request, _ in
            let token = try Self.token(request)
            _ = try await answer { try accounts.account(token: token) }
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: maximumUpload)
            } catch {
                throw HTTPError(.contentTooLarge, message: "the upload is larger than this server takes (\(maximumUpload >> 20) MB)")
            }
            let json = Data(buffer: body)
            let stored = try await answer { try accounts.upload(account: try accounts.account(token: token), json: json) }
            return try Self.json(stored, status: .created)
        }
        router.get("/api/account/documents/:hash") { request, context in
            let token = try Self.token(request)
            let hash = context.parameters.get("hash") ?? ""
            let payload = try await answer { try accounts.download(account: try accounts.account(token: token), contentHash: hash) }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: payload)))
        }
    }

    /// The bearer token of a request.
    static func token(_ request: Request) throws -> String {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer "), value.count > 7 else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"], message: "log in first (speak account login)")
        }
        return String(value.dropFirst(7))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

/// Runs an account store call off the event loop (bcrypt takes a quarter of a second, and a
/// database may be slow or restarting) and turns its refusal into an HTTP answer with its one line.
private func answer<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await offEventLoop { try refusal(work) }
}

/// Runs `work` on a thread of the global queue: account calls (bcrypt, a database across the
/// network) must not hold up the event loop.
func offEventLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

private func refusal<T>(_ work: () throws -> T) throws -> T {
    do {
        return try work()
    } catch let error as AccountError {
        let status: HTTPResponse.Status = switch error.kind {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .nameTaken: .conflict
        case .tooManyAttempts: .tooManyRequests
        case .notFound: .notFound
        case .storage: .serviceUnavailable
        }
        throw HTTPError(status, message: error.message)
    }
}

struct NewAccount: Decodable, Sendable {
    var name: String
    var password: String
}

struct Login: Decodable, Sendable {
    var name: String
    var password: String
    var device: String?
}

struct NewPassword: Decodable, Sendable {
    var current: String
    var new: String
}

struct AccountReply: Encodable {
    var name: String
    var created: Date
}

/// What a device sends: its changes not yet sent, the server order it has seen up to, and its clock.
struct SyncRequest: Decodable, Sendable {
    var device: String
    var time: Double
    var seen: Int64
    var changes: [SyncedPosition]
}
