import ArgumentParser
import Foundation
import SpeakKit
import SpeakTerminal

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create an account on a sync server, log in and out, change the password.",
        discussion: """
            The server is 'speak serve --accounts' on another machine (or this one). The login is \
            kept in the config directory (account.json, readable by you only); passwords are typed \
            without echo, or given on standard input with --password-stdin.

            Examples:
              speak account create --server http://192.168.1.20:8017 --name ada
              speak account login --server http://192.168.1.20:8017 --name ada
              echo "$PASSWORD" | speak account login --server URL --name ada --password-stdin
              speak account whoami
              speak account passwd
              speak account logout
            """,
        subcommands: [Create.self, Login.self, Logout.self, Passwd.self, Whoami.self]
    )

    struct Server: ParsableArguments {
        @Option(help: "The sync server, e.g. http://192.168.1.20:8017 ('speak serve --accounts' there).")
        var server: String

        @Option(help: "Your user name on it.")
        var name: String

        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input (one line).")
        var passwordStdin = false

        func url() throws -> URL {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw SyncClientError(message: "'\(server)' is not a server address; give it as http://HOST:PORT", exitStatus: .usage)
            }
            return url
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account (the password twice) and log in.")
        @OptionGroup var options: Server

        func run() throws {
            try reportingErrors {
                let speak = try Speak()
                let password = try PasswordPrompt(fromStandardInput: options.passwordStdin).read("Password for \(options.name): ", twice: true)
                let client = SyncClient(server: try options.url())
                let reply = try client.send("POST", "api/accounts", body: ["name": options.name, "password": password])
                guard reply.status == 201 else { throw SyncClient.refusal(reply, doing: "cannot create the account") }
                try Login.logIn(speak, client: client, name: options.name, password: password)
                print("created the account \(options.name) on \(client.server.absoluteString), and logged in")
            }
        }
    }

    struct Login: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log in to a sync server.")
        @OptionGroup var options: Server

        func run() throws {
            try reportingErrors {
                let speak = try Speak()
                let password = try PasswordPrompt(fromStandardInput: options.passwordStdin).read("Password for \(options.name): ")
                let client = SyncClient(server: try options.url())
                try Self.logIn(speak, client: client, name: options.name, password: password)
                print("logged in to \(client.server.absoluteString) as \(options.name)")
            }
        }

        static func logIn(_ speak: Speak, client: SyncClient, name: String, password: String) throws {
            let device = try speak.library().device()
            let reply = try client.send("POST", "api/sessions", body: ["name": name, "password": password, "device": device.id])
            guard reply.status == 201,
                  let session = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any],
                  let token = session["token"] as? String else { throw SyncClient.refusal(reply, doing: "cannot log in") }
            try AccountFile(server: client.server.absoluteString, name: name, token: token, expires: session["expires"] as? String).save(speak)
        }
    }

    struct Logout: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log out: the server forgets this login, and so does this device.")

        func run() throws {
            try reportingErrors {
                let speak = try Speak()
                let account = try AccountFile.load(speak)
                // Forgotten here even when the server cannot be reached.
                _ = try? account.client().send("DELETE", "api/sessions")
                AccountFile.remove(speak)
                print("logged out of \(account.server)")
            }
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change your password (the current one first); your other devices are logged out.")

        @Flag(name: .customLong("password-stdin"), help: "Read the current and the new password from standard input (a line each).")
        var passwordStdin = false

        func run() throws {
            try reportingErrors {
                let speak = try Speak()
                let account = try AccountFile.load(speak)
                let reader = PasswordPrompt(fromStandardInput: passwordStdin)
                let current = try reader.read("Current password: ")
                let new = try reader.read("New password: ", twice: true)
                let reply = try account.client().send("POST", "api/account/password", body: ["current": current, "new": new])
                guard reply.status == 204 else { throw SyncClient.refusal(reply, doing: "the password was not changed") }
                print("password changed; your other devices have to log in again")
            }
        }
    }

    struct Whoami: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the server and the user this device is logged in as.")

        func run() throws {
            try reportingErrors {
                let speak = try Speak()
                let account = try AccountFile.load(speak)
                let reply = try account.client().send("GET", "api/account")
                guard reply.status == 200 else { throw SyncClient.refusal(reply, doing: "not logged in") }
                print("\(account.name) on \(account.server)")
            }
        }
    }
}
