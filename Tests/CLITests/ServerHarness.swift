import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import SpeakModel
#endif

/// `speak serve` running for a test's library on a free loopback port, and plain HTTP requests
/// to it (redirects not followed, so a test sees them).
final class ServerUnderTest: @unchecked Sendable {  // lets only, and URLSession is thread-safe
    let process: Process
    let base: URL
    private let session: URLSession

    /// Starts `speak serve --port 0 ARGUMENTS` and waits for its "listening on" line.
    init(_ cli: CLI, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["serve", "--port", "0"] + arguments
        var env = CLI.bare(["SPEAK_HOME": cli.home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": cli.work.appendingPathComponent("config").path])
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("(Ctrl-C stops)"), process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = seen.split(separator: "\n").first(where: { $0.contains("listening on http") }),
              let address = line.components(separatedBy: "listening on ").last?.split(separator: " ").first,
              let url = URL(string: String(address)) else {
            process.terminate()
            throw ServerDidNotStart(output: seen)
        }
        base = url
        // The request log goes on being written: kept, and drained so the server never blocks on a full pipe.
        let written = Written()
        self.written = written
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            written.text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
        }
        // No cookie jar: a test sends the cookies it means to.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    private final class Written: Sendable {
        let text = Locked("")
    }

    private let written: Written

    /// What the server has written on standard error since it started listening.
    var log: String { written.text.withLock { $0 } }

    struct ServerDidNotStart: Error {
        var output: String
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One request; `cookie` is sent as the Cookie header.
    func request(_ path: String, method: String = "GET", body: Data? = nil, contentType: String? = nil,
                 cookie: String? = nil, headers: [String: String] = [:]) throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Reply, any Error> = .failure(URLError(.timedOut))
        session.dataTask(with: request) { data, response, error in
            if let error {
                outcome = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields { headers[String(describing: key).lowercased()] = String(describing: value) }
                outcome = .success(Reply(status: http.statusCode, headers: headers, body: data ?? Data()))
            }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 60)
        return try outcome.get()
    }

    /// Stops the server as Ctrl-C would; returns its exit status.
    func stop() -> Int32 {
        process.interrupt()
        let deadline = Date().addingTimeInterval(10 * CLI.patience)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
