// speak-fetch: fetches one http(s) URL for `speak import URL` and writes a FetchReply line and
// the body to standard output. FoundationNetworking (libcurl) is linked here only.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpeakImport

/// Seconds without progress before giving up ($SPEAK_HTTP_TIMEOUT overrides, for tests).
let timeout = ProcessInfo.processInfo.environment["SPEAK_HTTP_TIMEOUT"].flatMap(TimeInterval.init) ?? 30
let maximumBytes = 64 << 20

/// One download's state; the session calls it on its own queue, `done` hands over.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var data = Data()
    var reply = FetchReply()

    /// Content types an importer reads; everything else is refused before it is downloaded.
    static func isReadable(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("image/") || type.contains("html") || type.contains("xml")
            || type == "application/pdf" || type == "application/octet-stream" || type.isEmpty
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else { return completionHandler(.allow) }
        if !(200..<300).contains(http.statusCode) {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode).capitalized
            reply.failure = "the server answered \(http.statusCode) \(reason)"
            return completionHandler(.cancel)
        }
        let contentType = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard Self.isReadable(type) else {
            reply.failure = "unreadable content"
            reply.detected = "'\(type)' content"
            return completionHandler(.cancel)
        }
        if let range = contentType.range(of: "charset=") {
            reply.charset = contentType[range.upperBound...].prefix { $0 != ";" }
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        }
        if response.expectedContentLength > maximumBytes {
            reply.failure = tooLarge
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        self.data.append(data)
        if self.data.count > maximumBytes {
            reply.failure = tooLarge
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if reply.failure == nil, let error {
            let nsError = error as NSError
            reply.failure = nsError.code == NSURLErrorTimedOut
                ? "no answer within \(Int(timeout)) s; check the address or try again later"
                : nsError.localizedDescription
        }
        done.signal()
    }

    private var tooLarge: String { "the page is larger than \(maximumBytes >> 20) MB" }
}

func fetch() -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
        FileHandle.standardError.write(Data("usage: speak-fetch URL [--agent NAME]\n".utf8))
        return 64
    }
    let download = Download()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(timeout, 120)
    configuration.httpAdditionalHeaders = ["User-Agent": HelperProcess.argument("--agent") ?? "speak (reading app)",
                                           "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5"]
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
    session.dataTask(with: url).resume()
    download.done.wait()
    session.invalidateAndCancel()
    var reply = download.reply
    if reply.failure == nil { reply.bytes = download.data.count }
    var line = (try? JSONEncoder().encode(reply)) ?? Data(#"{"failure":"the fetch helper failed"}"#.utf8)
    line.append(UInt8(ascii: "\n"))
    FileHandle.standardOutput.write(line)
    if reply.failure == nil { FileHandle.standardOutput.write(download.data) }
    return 0
}

exit(fetch())
