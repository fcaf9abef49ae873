// speak-serve: the web reader's server (`speak serve` runs it). SwiftNIO and Hummingbird are
// linked here only, so no other command pays for loading them.
import ArgumentParser
import Foundation
import SpeakKit
import SpeakServer
import SpeakTerminal

@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak serve",
        abstract: "Serve the library and a reader with the spoken word highlighted to a browser.",
        discussion: """
            Opens http://127.0.0.1:8017/ by default. Serving on another address (for a phone on \
            the same network) needs a password: set one with --set-password or SPEAK_SERVE_PASSWORD.
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

    @Option(help: ArgumentHelp("With --accounts: the account store, an SQLite file (default: accounts.sqlite beside the library) or a PostgreSQL URL, postgres://user:password@host/database (several servers can share it).", valueName: "file|url"))
    var database: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535") }
        if database != nil, !accounts { throw ValidationError("--database applies to --accounts") }
    }

    func run() async throws {
        Self.keepMemoryFlat()
        do {
            let speak = try Speak()
            if setPassword {
                try ReaderServer.setPassword(try Self.askPassword(), speak: speak)
                FileHandle.standardError.write(Data("speak serve: password set; it is asked for on every new browser\n".utf8))
                return
            }
            let store = accounts ? database ?? ReaderServer.defaultAccountStore(speak: speak) : nil
            let server = try ReaderServer(speak: speak, host: host, port: port, accounts: store)
            try await server.run { address in
                FileHandle.standardError.write(Data("speak serve: listening on \(address) (Ctrl-C stops)\n".utf8))
            }
        } catch let error as any UserFacingError {
            FileHandle.standardError.write(Data("speak: \(error.message)\n".utf8))
            throw ExitCode(error.exitStatus.rawValue)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // What the network layer says, in one line (a port in use is the usual one).
            let reason = "\(error)".contains("Address already in use")
                ? "port \(port) on \(host) is in use; choose another with --port" : "\(error)".replacingOccurrences(of: "\n", with: " ")
            FileHandle.standardError.write(Data("speak: serve: \(reason)\n".utf8))
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
    }

    /// A server runs for days: the memory a request used goes back to the system. glibc's
    /// defaults keep it — an arena per thread that ever allocated (up to 8 a core) and a trim
    /// threshold that grows with the largest block freed — so the soak's hour saw 40 MB grow
    /// to 131 MB with nothing leaked; with two arenas and a 1 MB trim threshold a thousand
    /// pages and clips stay at 58 MB (and run as fast).
    static func keepMemoryFlat() {
        // <malloc.h> is not in Swift's Glibc module: mallopt is looked up, with its ABI's
        // parameter numbers (M_TRIM_THRESHOLD -1, M_ARENA_MAX -8).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-8, 2)
        _ = mallopt(-1, 1 << 20)
    }

    /// The new password, typed twice without echo on a terminal; one line from a pipe.
    static func askPassword() throws -> String {
        try PasswordPrompt(fromStandardInput: isatty(STDIN_FILENO) == 0).read("New password: ", twice: true)
    }
}
