import Foundation
import GRDB
import SpeakModel

/// The user's library: one SQLite database (WAL mode) holding documents, their blocks, words
/// and chapters, folders, reading positions and listening sessions.
///
/// Every change is one immediate transaction, so an import that fails or is killed leaves
/// nothing behind, and two `speak` processes wait for each other instead of failing.
public final class LibraryStore: Sendable {
    /// The database file.
    public let path: String
    let queue: DatabaseQueue
    /// The time library edits are logged at (a test's devices have clocks of their own).
    let clock: @Sendable () -> Date

    /// Opens (creating if needed) `library.sqlite` in `directory` and brings its schema up to
    /// date. A library written by a newer version is refused and left untouched.
    /// While another speak process writes, a write waits as `wait` says.
    public init(directory: URL, clock: @escaping @Sendable () -> Date = Date.init, wait: LibraryWait = .standard) throws(LibraryError) {
        let file = directory.appendingPathComponent("library.sqlite").path
        path = file
        self.clock = clock
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: file, reason: "cannot create its directory (\(Self.reason(error)))")
        }
        if FileManager.default.fileExists(atPath: file) {
            try Self.checkHeader(file)
            try Self.checkSchemaVersion(file)
        }
        var config = Configuration()
        config.journalMode = .wal
        config.busyMode = wait.busyMode
        config.prepareDatabase { db in
            // Only takes effect for a new library. Paragraph rows of a kilobyte or two waste a
            // fifth of 4 KB pages; 16 KB pages waste a few percent.
            try db.execute(sql: "PRAGMA page_size = 16384")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            queue = try DatabaseQueue(path: file, configuration: config)
            try Self.migrate(queue)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw Self.translate(error, path: file)
        }
    }

    /// A library file must start with the SQLite header; anything else is refused before
    /// SQLite gets a chance to touch it.
    private static func checkHeader(_ file: String) throws(LibraryError) {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw .cannotOpen(path: file, reason: "permission denied")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        if head.isEmpty { return }
        if head != Data("SQLite format 3\0".utf8) { throw .notADatabase(path: file) }
    }

    /// Brings the schema up to date. Processes creating a new library at once race on the
    /// migrations: SQLite answers BUSY at once (not after its timeout) when waiting could
    /// deadlock, and the check after a failed attempt may itself be busy. So a busy attempt is
    /// tried again for up to a minute; the loser finds the schema complete on its retry.
    private static func migrate(_ queue: DatabaseQueue) throws {
        let migrator = LibrarySchema.migrator
        let deadline = Date().addingTimeInterval(60)
        var attempt = 0
        while true {
            do {
                try migrator.migrate(queue)
                return
            } catch {
                attempt += 1
                if (try? queue.read({ db in try migrator.hasCompletedMigrations(db) })) == true { return }
                let busy = (error as? DatabaseError).map { $0.resultCode == .SQLITE_BUSY || $0.resultCode == .SQLITE_LOCKED } ?? false
                guard busy, Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: min(0.5, 0.05 * Double(attempt)))
            }
        }
    }

    /// A library written by a newer `speak` is refused after a read-only look, so not even
    /// the journal mode or a checkpoint touches it.
    private static func checkSchemaVersion(_ file: String) throws(LibraryError) {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(15)
        do {
            let reader = try DatabaseQueue(path: file, configuration: config)
            let superseded = try reader.read { db in try LibrarySchema.migrator.hasBeenSuperseded(db) }
            try reader.close()
            if superseded { throw LibraryError.newerSchema(path: file) }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw translate(error, path: file)
        }
    }

    static func translate(_ error: any Error, path: String) -> LibraryError {
        guard let db = error as? DatabaseError else { return .storage(reason: reason(error)) }
        switch db.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .damaged(path: path, reason: db.message ?? "corrupt")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_FULL:
            return .writeFailed(path: path, reason: "the disk is full")
        case .SQLITE_IOERR:
            return .writeFailed(path: path, reason: db.message ?? "input/output error")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: db.message ?? "\(db.resultCode)")
        default: return .storage(reason: db.message ?? "\(db.resultCode)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }

    /// Runs `body` in an immediate write transaction, translating database errors.
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw LibraryError.storage(reason: "transaction produced no result") }
                return result
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// Runs `body` in a read transaction, translating database errors.
    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try queue.read(body)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw Self.translate(error, path: path)
        }
    }
}
