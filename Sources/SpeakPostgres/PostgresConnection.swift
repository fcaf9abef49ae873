import CPostgres
import Foundation

/// What went wrong talking to PostgreSQL: the server's first line, its SQLSTATE code, and
/// whether the connection is gone (the server restarted or went away).
public struct PostgresError: Error {
    public var message: String
    public var code: String?
    public var connectionLost: Bool

    public init(message: String, code: String?, connectionLost: Bool) {
        self.message = message
        self.code = code
        self.connectionLost = connectionLost
    }
}

/// The only file that talks to libpq: one connection, queries with text parameters and text
/// results. Not shared between threads: the database's pool hands a connection to one at a time.
public final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Connects to `url` (a postgres:// URI or libpq's key=value settings). A server that does
    /// not answer is given up after `timeout` seconds.
    public init(url: String, timeout: Int = 5, application: String = "speak-serve") throws(PostgresError) {
        let keys = ["dbname", "connect_timeout", "client_encoding", "application_name"]
        let values = [url, String(timeout), "UTF8", application]
        let keyPointers = keys.map { strdup($0) }, valuePointers = values.map { strdup($0) }
        defer { (keyPointers + valuePointers).forEach { free($0) } }
        let made = (keyPointers.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keyBuffer in
            (valuePointers.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueBuffer in
                PQconnectdbParams(keyBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
        guard let made else { throw PostgresError(message: "out of memory connecting to PostgreSQL", code: nil, connectionLost: true) }
        guard PQstatus(made) == CONNECTION_OK else {
            let message = Self.firstLine(PQerrorMessage(made))
            PQfinish(made)
            throw PostgresError(message: message, code: nil, connectionLost: true)
        }
        // NOTICEs ("relation already exists, skipping") would go to stderr.
        PQsetNoticeProcessor(made, { _, _ in }, nil)
        handle = made
    }

    deinit { PQfinish(handle) }

    /// Whether the connection still works and no transaction is left open on it.
    public var isReusable: Bool { PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Runs one statement (`$1`, `$2`… take `parameters`, nil for NULL) and returns its rows,
    /// each value as text or nil for NULL.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard result != nil, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let code = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
            throw PostgresError(message: Self.firstLine(PQerrorMessage(handle)), code: code, connectionLost: PQstatus(handle) != CONNECTION_OK)
        }
        let rows = Int(PQntuples(result)), columns = Int(PQnfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, Int32(row), Int32(column)) == 1 ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
            }
        }
    }

    /// Runs several statements without parameters (a schema).
    public func run(script: String) throws(PostgresError) {
        let result = PQexec(handle, script)
        defer { PQclear(result) }
        guard result != nil, PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK else {
            throw PostgresError(message: Self.firstLine(PQerrorMessage(handle)), code: nil, connectionLost: PQstatus(handle) != CONNECTION_OK)
        }
    }

    private static func firstLine(_ message: UnsafePointer<CChar>?) -> String {
        let text = message.map { String(cString: $0) } ?? ""
        let line = text.split(separator: "\n").first.map(String.init) ?? "unknown error"
        return line.hasPrefix("ERROR:  ") ? String(line.dropFirst(8)) : line
    }
}
