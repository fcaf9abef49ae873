import Foundation
import Testing

/// The input limits in the README's table that no other suite covers, each just past its limit:
/// one line naming the input and the limit, the documented status, nothing stored.
@Suite struct CLILimitTests {
    @Test func anImageOfMoreThan100MegapixelsIsRefusedBeforeItIsDecoded() throws {
        let cli = CLI()
        // A header is all it takes: 20,000 × 20,000 gray pixels, of which none are there.
        let huge = cli.file("huge.pgm", Data("P5\n20000 20000\n255\n".utf8) + Data(repeating: 0, count: 64))
        let result = try cli.run(["import", huge])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("20000×20000") && result.stderr.contains("100 megapixels"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try cli.list().isEmpty)
    }

    @Test func serverRequestBodiesPastTheirLimitAreRefusedWith413() throws {
        let cli = CLI()
        let server = try ServerUnderTest(cli)
        // A form (login, manage) takes 64 KB, a JSON call 1 MB; an upload has its own limit.
        let form = try server.request("/login", method: "POST", body: Data(("password=" + String(repeating: "a", count: 70_000)).utf8),
                                      contentType: "application/x-www-form-urlencoded")
        #expect(form.status == 413, "\(form.status) \(form.text)")
        let json = try server.request("/api/import-text", method: "POST",
                                      body: Data(("{\"text\": \"" + String(repeating: "word ", count: 220_000) + "\"}").utf8))
        #expect(json.status == 413, "\(json.status) \(json.text)")
        #expect(try cli.list().isEmpty)
        #expect(server.stop() == 0)
    }
}
