import Foundation
import Hummingbird
import Logging
import SpeakKit
import SpeakSync
import SpeakSyncPostgres

/// Why the server does not start.
public struct ServeError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus

    public init(message: String, exitStatus: ExitStatus) {
        self.message = message
        self.exitStatus = exitStatus
    }
}

/// `speak serve`: the library and a reader in the browser, over the same library as the
/// command line (SQLite in WAL mode: both can work at once).
public struct ReaderServer: Sendable {
    let speak: Speak
    let host: String
    let port: Int
    let access: ServerAccess
    /// Accounts and sync, when served.
    let accounts: AccountStore?

    /// A server for `speak`'s library on `host:port` (port 0: any free port). Refuses a
    /// non-loopback address unless a password is set (`speak serve --set-password` or
    /// `SPEAK_SERVE_PASSWORD`). With `accounts`, also serves accounts and sync on that store:
    /// an SQLite file path, or a `postgres://` URL.
    public init(speak: Speak, host: String, port: Int, accounts accountsPath: String? = nil) throws {
        self.speak = speak
        self.host = host
        self.port = port
        let hash = ServerAccess.configuredHash(environment: speak.environment, libraryDirectory: speak.libraryDirectory)
        guard hash != nil || Self.isLoopback(host) else {
            throw ServeError(message: "'\(host)' is reachable from other machines: set a password first (speak serve --set-password, "
                             + "or SPEAK_SERVE_PASSWORD), or serve on 127.0.0.1", exitStatus: .usage)
        }
        access = ServerAccess(hash: hash)
        if let accountsPath {
            do {
                let database: any AccountDatabase = Self.isPostgres(accountsPath)
                    ? try PostgresAccountDatabase(url: accountsPath) : try SQLiteAccountDatabase(path: accountsPath)
                accounts = AccountStore(database: database, hashing: BcryptHashing())
            } catch {
                throw ServeError(message: error.message, exitStatus: .cannotCreate)
            }
        } else {
            accounts = nil
        }
    }

    /// A server with accounts on a store made elsewhere (tests and the fuzz harness: cheap hashing).
    init(speak: Speak, accounts: AccountStore?) {
        self.speak = speak
        host = "127.0.0.1"
        port = 0
        access = ServerAccess(hash: nil)
        self.accounts = accounts
    }

    /// Where `speak serve --accounts` keeps its users by default: beside the library.
    public static func defaultAccountStore(speak: Speak) -> String {
        speak.libraryDirectory.appendingPathComponent("accounts.sqlite").path
    }

    /// Stores the password the server will ask for (as a bcrypt hash, beside the library).
    public static func setPassword(_ password: String, speak: Speak) throws(ServeError) {
        try ServerAccess.store(password: password, libraryDirectory: speak.libraryDirectory)
    }

    /// Whether an account store is a PostgreSQL URL rather than a file.
    public static func isPostgres(_ store: String) -> Bool {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Every route and middleware the server answers with, and the books it flushes on the way out.
    func routes() -> (Router<BasicRequestContext>, PositionBook, AccountLibraries?) {
        let router = Router()
        router.middlewares.add(RequestLogMiddleware())
        let upload = speak.environment["SPEAK_SERVE_MAX_UPLOAD"].flatMap(Int.init) ?? 512 << 20
        // A browser logged in with an account reads that account's library (before the owner's login is asked for).
        let libraries = accounts.map { AccountLibraries(owner: speak, accounts: $0, maximumUpload: upload) }
        if let libraries { router.middlewares.add(AccountLibraryMiddleware(libraries: libraries)) }
        router.middlewares.add(AccessMiddleware(access: access))
        let positions = PositionBook(speak: speak)
        ServerRoutes(speak: speak, access: access, voice: SpeechQueue(speak: speak), imports: ImportJobs(speak: speak),
                     positions: positions, maximumUpload: upload).add(to: router)
        if let accounts, let libraries {
            SyncRoutes(accounts: accounts, maximumUpload: upload).add(to: router)
            AccountPages(accounts: accounts, libraries: libraries).add(to: router)
        }
        return (router, positions, libraries)
    }

    /// Serves until SIGINT or SIGTERM; `ready` gets the address once connections are taken.
    public func run(ready: @escaping @Sendable (String) -> Void) async throws {
        _ = try speak.library()
        let (router, positions, libraries) = routes()
        var logger = Logger(label: "speak-serve")
        logger.logLevel = .info
        let (host, port) = (host, port)
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: "speak"),
                              onServerRunning: { channel in
                                  let port = channel.localAddress?.port ?? port
                                  ready("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
                              }, logger: logger)
        let flusher = Task { await positions.run() }
        let accountFlusher = Task { await libraries?.run() }
        defer {
            // Stopped (SIGINT, SIGTERM) or failed: what the readers last reported reaches the library.
            flusher.cancel()
            accountFlusher.cancel()
            positions.flush()
            libraries?.flush()
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
