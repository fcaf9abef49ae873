import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import SpeakKit
import SpeakModel

/// Who may use the server: nobody needs to log in when no password is set (and the server
/// then listens on loopback only); with one, every route but the login page and the static
/// assets needs the session cookie the login gives. The password is kept as a bcrypt hash in
/// `serve-password` beside the library, or given by `SPEAK_SERVE_PASSWORD`.
final class ServerAccess: Sendable {
    static let cookie = "speak_session"
    private let hash: String?
    private let sessions = Locked<Set<String>>([])

    init(hash: String?) {
        self.hash = hash
    }

    var isOpen: Bool { hash == nil }

    /// The password file of the library in `directory`.
    static func passwordFile(libraryDirectory directory: URL) -> URL {
        directory.appendingPathComponent("serve-password")
    }

    /// The hash to check logins against: `SPEAK_SERVE_PASSWORD`'s (hashed now), else the
    /// stored one, else nil (no password).
    static func configuredHash(environment: [String: String], libraryDirectory: URL) -> String? {
        if let password = environment["SPEAK_SERVE_PASSWORD"], !password.isEmpty { return Bcrypt.hash(password, cost: 10) }
        guard let stored = try? String(contentsOf: passwordFile(libraryDirectory: libraryDirectory), encoding: .utf8) else { return nil }
        let hash = stored.trimmingCharacters(in: .whitespacesAndNewlines)
        return hash.isEmpty ? nil : hash
    }

    /// Stores the bcrypt hash of `password` (readable by the owner only).
    static func store(password: String, libraryDirectory: URL) throws(ServeError) {
        let file = passwordFile(libraryDirectory: libraryDirectory)
        let temporary = file.appendingPathExtension("new")
        do {
            try FileManager.default.createDirectory(at: libraryDirectory, withIntermediateDirectories: true)
            try Data((Bcrypt.hash(password, cost: 12) + "\n").utf8).write(to: temporary)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ServeError(message: "cannot write '\(file.path)': \(error.localizedDescription)", exitStatus: .cannotCreate)
        }
        // Replaced in one step: a server starting now reads the old password or the new one.
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ServeError(message: "cannot write '\(file.path)': \(reason)", exitStatus: .cannotCreate)
        }
    }

    /// A new session when `password` is right.
    func login(password: String) -> String? {
        guard let hash, Bcrypt.verify(password, hash: hash) else { return nil }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        sessions.withLock { _ = $0.insert(token) }
        return token
    }

    func logout(_ token: String) {
        sessions.withLock { _ = $0.remove(token) }
    }

    /// Whether a request may go on.
    func allows(_ request: Request) -> Bool {
        if isOpen { return true }
        let path = request.uri.path
        // Accounts and sync check their own bearer tokens, and account logins their own passwords.
        if path == "/login" || path.hasPrefix("/assets/") || path.hasPrefix("/account/") || SyncRoutes.handles(path) { return true }
        guard let token = request.cookies[Self.cookie]?.value else { return false }
        return sessions.withLock { $0.contains(token) }
    }
}

/// Turns away requests without a session (an API call gets 401, a page the login form).
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: ServerAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A page of another site must not post to this server through the user's browser
        // (it listens on loopback, which every page the browser opens can reach).
        if request.method != .get, request.method != .head, !Self.sameOrigin(request) { return Response(status: .forbidden) }
        if access.allows(request) { return try await next(request, context) }
        if request.uri.path.hasPrefix("/api/") { return Response(status: .unauthorized) }
        return Response(status: .seeOther, headers: [.location: "/login"])
    }
}

extension AccessMiddleware {
    /// Whether a request comes from this server's own pages (or from no page at all: a
    /// command-line client sends no Origin).
    static func sameOrigin(_ request: Request) -> Bool {
        if let name = HTTPField.Name("Sec-Fetch-Site"), let site = request.headers[name], site != "same-origin", site != "none" {
            return false
        }
        guard let name = HTTPField.Name("Origin"), let origin = request.headers[name] else { return true }
        guard let host = request.head.authority else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }
}

/// One log line per request: method, path, status and time taken.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        func line(_ status: Int) {
            let elapsed = ContinuousClock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            context.logger.info("\(request.method) \(request.uri.path) \(status) \(String(format: "%.1f", ms)) ms")
        }
        do {
            let response = try await next(request, context)
            line(response.status.code)
            return response
        } catch let error as HTTPError {
            line(error.status.code)
            throw error
        } catch {
            line(500)
            throw error
        }
    }
}
