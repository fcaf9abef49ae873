import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpeakImport

/// Fetches an http(s) URL for import: redirects followed, a timeout, a size limit, and a
/// content type that an importer can read (HTML, text, PDF, images). The HTTP charset
/// travels with the bytes for the HTML importer's encoding decision.
enum URLFetcher {
    /// Seconds without progress before giving up ($SPEAK_HTTP_TIMEOUT overrides, for tests).
    static var timeout: TimeInterval {
        ProcessInfo.processInfo.environment["SPEAK_HTTP_TIMEOUT"].flatMap(TimeInterval.init) ?? 30
    }
    static let maximumBytes = 64 << 20

    static func fetch(_ address: String) throws(ImportError) -> ImportSource {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else {
            throw .unreadable(address, reason: "not a valid http(s) URL")
        }
        let download = Download(address: address)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, 120)
        configuration.httpAdditionalHeaders = ["User-Agent": "speak/\(SpeakVersion.current) (reading app)",
                                               "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5"]
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: url).resume()
        download.done.wait()
        if let failure = download.failure { throw failure }
        return ImportSource(name: address, data: download.data, declaredCharset: download.charset)
    }
}

/// One download's state; the session calls it on its own queue, `done` hands over.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let address: String
    let done = DispatchSemaphore(value: 0)
    var data = Data()
    var charset: String?
    var failure: ImportError?

    init(address: String) {
        self.address = address
    }

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
            failure = .unreadable(address, reason: "the server answered \(http.statusCode) \(reason)")
            return completionHandler(.cancel)
        }
        let contentType = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard Self.isReadable(type) else {
            failure = .notText(address, detected: "'\(type)' content")
            return completionHandler(.cancel)
        }
        if let range = contentType.range(of: "charset=") {
            charset = contentType[range.upperBound...].prefix { $0 != ";" }
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        }
        if response.expectedContentLength > URLFetcher.maximumBytes {
            failure = tooLarge
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        self.data.append(data)
        if self.data.count > URLFetcher.maximumBytes {
            failure = tooLarge
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if failure == nil, let error {
            let nsError = error as NSError
            let reason = nsError.code == NSURLErrorTimedOut
                ? "no answer within \(Int(URLFetcher.timeout)) s; check the address or try again later"
                : nsError.localizedDescription
            failure = .unreadable(address, reason: reason)
        }
        done.signal()
    }

    private var tooLarge: ImportError {
        .unreadable(address, reason: "the page is larger than \(URLFetcher.maximumBytes >> 20) MB")
    }
}
