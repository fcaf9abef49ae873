import ArgumentParser
import Foundation
import SpeakKit

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove documents from the library.",
        discussion: """
            Examples:
              speak rm 3
              speak rm 3 4 5
            """
    )

    @Argument(help: "Library ids of the documents to remove.")
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("name at least one document id; 'speak ls' lists them") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let parsed = try ids.map(documentID)
            var failure: Int32?
            for id in parsed {
                do {
                    let title = try speak.summary(id: id).metadata.title
                    try speak.remove(id: id)
                    print("removed \(id)  \(title)")
                } catch let error as LibraryError {
                    Terminal.error(error.message)
                    failure = failure ?? error.exitStatus.rawValue
                }
            }
            if let failure { throw ExitCode(failure) }
        }
    }
}
