import Foundation
import Testing

/// Import from http URLs, against a small HTTP server on 127.0.0.1 that the test starts.
@Suite(.serialized) struct CLIURLTests {
    /// Routes: /article (HTML, charset only in the header), /moved (302 to /article),
    /// /notes.txt (text), /missing (404), /picture (a video type), /slow (never answers),
    /// /huge (announces 100 MB).
    static let server = """
        import http.server, socketserver, sys, time
        ARTICLE = ("<html><head><title>Harbour news | Ledger</title></head><body><nav><a href=/>Home</a></nav>"
                   "<article><h1>Harbour news</h1><p>Caf\\u00e9 owners by the quay say the tide board is "
                   "back, and everyone is reading it again.</p><p>The second paragraph follows the first, as "
                   "paragraphs do in articles.</p></article></body></html>").encode("iso-8859-1")
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def send(self, code, kind, body, extra=()):
                self.send_response(code)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                for key, value in extra: self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)
            def do_GET(self):
                if self.path == "/article": self.send(200, "text/html; charset=ISO-8859-1", ARTICLE)
                elif self.path == "/moved": self.send(302, "text/plain", b"", [("Location", "/article")])
                elif self.path == "/notes.txt": self.send(200, "text/plain; charset=utf-8", b"Plain notes from the web.\\n")
                elif self.path == "/picture": self.send(200, "video/mp4", b"\\0" * 64)
                elif self.path == "/slow": time.sleep(30)
                elif self.path == "/huge":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", "100000000")
                    self.end_headers()
                    self.wfile.write(b"<p>" * 1000)
                else: self.send(404, "text/html", b"<h1>Not found</h1>")
        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
        server = Server(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts the server and returns it with its base URL.
    static func start() throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", server]
        let pipe = Pipe()
        process.standardOutput = pipe
        // Never the runner's stderr: a server still holding it would keep `swift test` waiting.
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (process, "http://127.0.0.1:\(port)")
    }

    /// SIGKILL: the server may have inherited an ignored SIGTERM from the test runner.
    static func stop(_ server: Process) {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    @Test func pagesAndTextImportFromURLs() throws {
        let (server, base) = try Self.start()
        defer { Self.stop(server) }
        let cli = CLI()
        let page = try cli.run(["import", base + "/moved", "--json"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(try cli.run(["text", "1"]).stdout.hasPrefix("Café owners by the quay"), "the HTTP charset decides")
        let show = try JSONSerialization.jsonObject(with: Data(try cli.run(["show", "1", "--json"]).stdout.utf8)) as? [String: Any]
        #expect(show?["title"] as? String == "Harbour news")
        #expect(show?["source"] as? String == base + "/moved")
        let notes = try cli.run(["text", base + "/notes.txt"])
        #expect(notes.status == 0 && notes.stdout == "Plain notes from the web.\n", "\(notes.stderr)")
    }

    @Test func badURLsFailWithOneLineAndStoreNothing() throws {
        let (server, base) = try Self.start()
        defer { Self.stop(server) }
        let cli = CLI()
        let cases: [(String, Int32, String)] = [
            ("/missing", 74, "404"), ("/picture", 65, "video/mp4"), ("/slow", 74, "no answer"), ("/huge", 74, "64 MB"),
        ]
        for (path, status, words) in cases {
            let result = try cli.run(["import", base + path], environment: ["SPEAK_HTTP_TIMEOUT": "2"])
            #expect(result.status == status, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(base + path) && result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let refused = try cli.run(["import", "http://127.0.0.1:9/"], environment: ["SPEAK_HTTP_TIMEOUT": "2"])
        #expect(refused.status == 74 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(try cli.list().isEmpty)
    }
}
