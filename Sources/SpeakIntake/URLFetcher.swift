import Foundation
import SpeakImport
import SpeakModel

/// Fetches an http(s) URL for import through the `speak-fetch` helper: redirects followed, a
/// timeout, a size limit, and a content type that an importer can read (HTML, text, PDF,
/// images). The HTTP charset travels with the bytes for the HTML importer's encoding decision.
enum URLFetcher {
    static func fetch(_ address: String) throws(ImportError) -> ImportSource {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else {
            throw .unreadable(address, reason: "not a valid http(s) URL")
        }
        let executable = HelperProcess.path("speak-fetch", overriddenBy: "SPEAK_FETCH_HELPER")
        guard let helper = HelperProcess(executable: executable, arguments: [address, "--agent", "speak/\(SpeakVersion.current) (reading app)"]) else {
            throw .unreadable(address, reason: "the fetch helper is missing (\(executable)); reinstall speak with 'make install'")
        }
        defer { helper.stop() }
        guard let line = helper.nextLine(), let reply = try? JSONDecoder().decode(FetchReply.self, from: line) else {
            throw .unreadable(address, reason: "the fetch helper stopped")
        }
        if let detected = reply.detected { throw .notText(address, detected: detected) }
        if let failure = reply.failure { throw .unreadable(address, reason: failure) }
        guard let count = reply.bytes, let data = helper.read(count: count) else {
            throw .unreadable(address, reason: "the fetch helper stopped")
        }
        return ImportSource(name: address, data: data, declaredCharset: reply.charset)
    }
}
