import Foundation
import Testing

/// Library edits between devices through `speak sync` (issue 26): a rename and a move made on
/// one device arrive on the other; a document deleted on one while read on the other stays in
/// the trash on both, with a note.
@Suite struct CLIEditSyncTests {
    @Test func renamesMovesAndDeletionsTravelWithTheSync() throws {
        let server = try ServerUnderTest(CLI(), arguments: ["--accounts"])
        defer { _ = server.stop() }
        let url = server.base.absoluteString
        let devices = CLISyncTests()
        let laptop = CLI(), phone = CLI()
        for device in [laptop, phone] { #expect(try device.run(["import", device.file("keeper.md", CLISyncTests.book)]).status == 0) }
        #expect(try laptop.run(["account", "create", "--server", url, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["account", "login", "--server", url, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)

        #expect(try laptop.run(["rename", "1", "The Lamp Keeper"]).status == 0)
        #expect(try laptop.run(["mkdir", "Evening"]).status == 0)
        #expect(try laptop.run(["mv", "1", "Evening"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        let synced = try phone.run(["sync"])
        #expect(synced.stdout.contains("renamed from 'The Keeper'") && synced.stdout.contains("moved to Evening"), "\(synced.stdout)\(synced.stderr)")
        #expect(try phone.json(["show", "1"])["title"] as? String == "The Lamp Keeper")
        #expect(try phone.run(["ls", "Evening"]).stdout.contains("The Lamp Keeper"))

        // Deleted on the laptop while the phone reads on.
        #expect(try laptop.run(["rm", "1"]).status == 0)
        try devices.listen(phone, from: 200)
        #expect(try laptop.run(["sync"]).status == 0)
        let noted = try phone.run(["sync"])
        #expect(noted.stdout.contains("moved to the trash") && noted.stdout.contains("was reading it"), "\(noted.stdout)")
        #expect(try phone.run(["trash"]).stdout.contains("The Lamp Keeper"))
        #expect(try laptop.run(["sync"]).stdout.contains("was reading it"))
        #expect(try laptop.run(["restore", "1"]).status == 0)
        let shown = try laptop.run(["show", "1"])
        #expect(shown.stdout.contains("was reading it"), "the note stays with the document: \(shown.stdout)\(shown.stderr)")
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try phone.run(["sync"]).stdout.contains("restored from the trash"))
        #expect(try devices.position(phone) == (try devices.position(laptop)))
    }
}
