import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpeakKit
import SpeakTerminal

/// Why talking to the sync server failed, in one line.
struct SyncClientError: UserFacingError {
    var message: String
    var exitStatus: ExitStatus
}

/// JSON requests to a sync server (`speak serve --accounts`), one at a time.
struct SyncClient {
    let server: URL
    var token: String?

    struct Reply {
        var status: Int
        var body: Data
    }

    /// Sends `body` (JSON) and returns the answer; a server that cannot be reached is an error.
    func send(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> Reply {
        try send(method, path, encoded: body.map { try JSONSerialization.data(withJSONObject: $0) })
    }

    /// Sends an encoded JSON body (or none); `progress` follows the bytes sent, then received.
    func send(_ method: String, _ path: String, encoded: Data?, progress: ProgressBar? = nil) throws -> Reply {
        var request = URLRequest(url: server.appendingPathComponent(path), timeoutInterval: progress == nil ? 60 : 600)
        request.httpMethod = method
        if let encoded {
            request.httpBody = encoded
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return try send(request, progress: progress)
    }

    private func send(_ request: URLRequest, progress: ProgressBar?) throws -> Reply {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Reply, any Error> = .failure(URLError(.timedOut))
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                outcome = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                outcome = .success(Reply(status: http.statusCode, body: data ?? Data()))
            }
            done.signal()
        }
        task.resume()
        if let progress {
            // Half the bar for the bytes going out, half for those coming back.
            while done.wait(timeout: .now() + 0.1) == .timedOut {
                let sent = task.countOfBytesExpectedToSend > 0 ? Double(task.countOfBytesSent) / Double(task.countOfBytesExpectedToSend) : 1
                let received = task.countOfBytesExpectedToReceive > 0
                    ? Double(task.countOfBytesReceived) / Double(task.countOfBytesExpectedToReceive) : 0
                progress.update(request.httpBody == nil ? received : (sent + received) / 2)
            }
            progress.finish()
        } else {
            done.wait()
        }
        do {
            return try outcome.get()
        } catch {
            throw SyncClientError(message: "cannot reach the sync server \(server.absoluteString) (\(error.localizedDescription)); "
                                  + "check the address and that 'speak serve --accounts' runs there", exitStatus: .unavailable)
        }
    }

    /// The server's one-line refusal, said as ours.
    static func refusal(_ reply: Reply, doing what: String) -> SyncClientError {
        let said = String(decoding: reply.body, as: UTF8.self)
        let message = (try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            .flatMap { ($0["error"] as? [String: Any])?["message"] as? String } ?? said.trimmingCharacters(in: .whitespacesAndNewlines)
        let status: ExitStatus = switch reply.status {
        case 400, 401, 403, 409, 429: .usage
        default: .unavailable
        }
        return SyncClientError(message: "\(what): \(message.isEmpty ? "the server answered \(reply.status)" : message)", exitStatus: status)
    }
}
