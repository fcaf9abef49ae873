import ArgumentParser
import Foundation
import SpeakKit

/// `speak serve` hands over to the `speak-serve` helper (the only binary that links the web
/// server), with the same arguments.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library and a reader with the spoken word highlighted to a browser.",
        discussion: """
            Opens http://127.0.0.1:8017/ by default: the library, search, and a reader where the \
            spoken word is marked as it is heard and a tap on any word starts there. Positions are \
            the library's, so 'speak continue' resumes where the browser stopped. Serving on \
            another address (for a phone on the same network) needs a password.

            Examples:
              speak serve
              speak serve --port 9000
              speak serve --set-password && speak serve --host 0.0.0.0
              speak serve --accounts             (also users and sync: speak account, speak sync)
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8017

    @Flag(name: .customLong("set-password"), help: "Ask for the password the server will require, store it (hashed) and exit.")
    var setPassword = false

    @Flag(help: "Also serve accounts and sync: users register, log in and sync their listening positions (speak account, speak sync).")
    var accounts = false

    @Option(help: "With --accounts: the account store (an SQLite file; default: accounts.sqlite beside the library).")
    var database: String?

    func run() throws {
        let helper = Speak.helperExecutable("speak-serve", overriddenBy: "SPEAK_SERVE_HELPER")
        var arguments = ["speak-serve", "--host", host, "--port", String(port)]
        if setPassword { arguments.append("--set-password") }
        if accounts { arguments.append("--accounts") }
        if let database { arguments += ["--database", database] }
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(helper, cArguments)
        Terminal.error("serve: cannot start '\(helper)' (\(String(cString: strerror(errno)))); reinstall speak (make install)")
        throw ExitCode(ExitStatus.unavailable.rawValue)
    }
}
