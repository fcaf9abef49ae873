import ArgumentParser
import Foundation
import SpeakKit

/// `speak cache`: what the audio cache holds; `speak cache clear` empties it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the cache of synthesized audio that lets conversions resume.",
        discussion: """
            Opus and MP3 conversions keep what they synthesize, piece by piece, so a conversion
            run again (after Ctrl-C, or after a small edit) redoes only what changed. The oldest
            pieces go when the cache passes cache_limit_mb in the config file (default 2048).
            """,
        subcommands: [CacheClearCommand.self]
    )

    @Flag(help: "Print as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let cache = try openSpeak().segmentCache
            let usage = cache.usage()
            if json {
                try printJSON(["directory": cache.directory, "entries": String(usage.entries), "bytes": String(usage.bytes),
                               "limitBytes": String(cache.limitBytes)])
            } else {
                print("\(cache.directory): \(usage.entries) segment\(usage.entries == 1 ? "" : "s"), "
                      + "\(DisplayFormat.bytes(usage.bytes)) of \(DisplayFormat.bytes(cache.limitBytes))")
            }
        }
    }
}

struct CacheClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove everything in the audio cache.")

    func run() throws {
        try reportingErrors {
            let freed = try openSpeak().segmentCache.clear()
            Terminal.note("cleared the audio cache: \(DisplayFormat.bytes(freed)) freed")
        }
    }
}
