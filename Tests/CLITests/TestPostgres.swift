import Foundation

/// The PostgreSQL servers the CLI tests use, through scripts/test-postgres: the shared one
/// `make test` starts (SPEAK_TEST_POSTGRES), where each test takes a database of its own,
/// and clusters of a test's own that it may restart without disturbing the others.
enum TestPostgres {
    static let server = ProcessInfo.processInfo.environment["SPEAK_TEST_POSTGRES"]
    static var available: Bool { server != nil }

    /// The account stores a sync test runs on: SQLite (the default file), and PostgreSQL when there is a server.
    static var stores: [String] { available ? ["sqlite", "postgres"] : ["sqlite"] }

    /// `speak serve` arguments for an account store of kind `store`, empty and new.
    static func serveArguments(_ store: String) throws -> [String] {
        store == "postgres" ? ["--accounts", "--database", try newDatabase()] : ["--accounts"]
    }

    /// The shared server's port.
    static var port: Int { server.flatMap { URLComponents(string: $0)?.port } ?? 54329 }

    /// A new, empty database on the shared server, as a URL.
    static func newDatabase() throws -> String {
        try script(["newdb", "main", String(port)])
    }

    /// A cluster of one test's own (name and port), two ports above the shared server's, so
    /// that suites run at once against servers of their own (make test, make test-asan) do not
    /// share it.
    static var ownCluster: (name: String, port: String) { ("restart-test-\(port)", String(port + 2)) }

    /// Runs scripts/test-postgres with `arguments` and returns what it printed. Spawned and
    /// waited for directly: Foundation's Process lost the exit of this script (it starts a
    /// daemon through runuser) and waited forever.
    @discardableResult
    static func script(_ arguments: [String]) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/test-postgres").standardized.path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("test-postgres-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { throw ScriptFailed(arguments: arguments) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else { throw ScriptFailed(arguments: arguments) }
        return (try String(contentsOfFile: output, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct ScriptFailed: Error {
        var arguments: [String]
    }
}
