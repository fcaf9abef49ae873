import Foundation
import SpeakSync
import SpeakSyncPostgres
import Testing

/// Where an account store under test keeps its data. The PostgreSQL one is the server that
/// `make test` starts on loopback (scripts/test-postgres), named by SPEAK_TEST_POSTGRES; each
/// store gets a database of its own.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static let postgresServer = ProcessInfo.processInfo.environment["SPEAK_TEST_POSTGRES"]

    /// SQLite always; PostgreSQL when a server was given.
    static var available: [Backend] { postgresServer == nil ? [.sqlite] : [.sqlite, .postgres] }

    func database() throws -> any AccountDatabase {
        switch self {
        case .sqlite:
            return try SQLiteAccountDatabase(path: FileManager.default.temporaryDirectory
                .appendingPathComponent("speak-accounts-\(UUID().uuidString)/accounts.sqlite").path)
        case .postgres:
            return try PostgresAccountDatabase(url: try Self.freshDatabase())
        }
    }

    /// A new, empty database on the test server, as a URL (scripts/test-postgres newdb).
    static func freshDatabase() throws -> String {
        let address = try #require(postgresServer)
        let server = try #require(URLComponents(string: address))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/test-postgres").standardized
        let process = Process()
        process.executableURL = script
        process.arguments = ["newdb", "main", String(server.port ?? 5432)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let url = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && url.hasPrefix("postgres://"), "scripts/test-postgres newdb failed")
        return url
    }
}

@Suite struct TestDatabaseTests {
    /// `make test` gives the tests a PostgreSQL server; a run without one says so here.
    @Test func postgresIsThereOrTheRunSaysItIsNot() throws {
        let required = ProcessInfo.processInfo.environment["SPEAK_REQUIRE_POSTGRES"] == "1"
        guard Backend.postgresServer != nil else {
            if required { Issue.record("SPEAK_REQUIRE_POSTGRES=1 but SPEAK_TEST_POSTGRES is not set") }
            print("note: the account store's tests ran on SQLite only (set SPEAK_TEST_POSTGRES, as make test does, for PostgreSQL)")
            return
        }
        _ = try Backend.postgres.database()
    }
}
