import ArgumentParser
import Foundation
import SpeakKit

/// Catches a mistyped command name before the argument parser sees it: the parser would only
/// say "unexpected arguments", while a user who typed `speak shwo 3` wants to hear "show".
enum CommandSuggestion {
    /// The one-line complaint about the first argument when it names no subcommand of
    /// `command`; nil when it does, or is an option (`--help`, `--version`).
    static func problem(arguments: [String], command: ParsableCommand.Type) -> String? {
        guard let typed = arguments.first, !typed.hasPrefix("-") else { return nil }
        let subcommands = command.configuration.subcommands
        func names(_ commands: [ParsableCommand.Type]) -> [String] {
            commands.flatMap { [$0._commandName] + $0.configuration.aliases }
        }
        guard !(names(subcommands) + ["help"]).contains(typed) else { return nil }
        let root = command._commandName
        let list = "'\(root) --help' lists the commands"
        // Internal commands (the worker processes') are never what a user meant.
        let matches = closest(to: typed, among: names(subcommands.filter { $0.configuration.shouldDisplay }))
        if !matches.isEmpty {
            let quoted = matches.map { "'\(root) \($0)'" }
            return "unknown command '\(typed)'; did you mean \(quoted.joined(separator: " or "))? (\(list))"
        }
        // A document id or a file where the command belongs: the likely intent is to listen.
        if Int64(typed) != nil || FileManager.default.fileExists(atPath: typed) {
            return "unknown command '\(typed)'; to listen to it: \(root) play \(typed) (\(list))"
        }
        return "unknown command '\(typed)'; \(list)"
    }

    /// Names a typing slip away from `typed` (letters swapped, missing, extra or wrong; about
    /// one slip per three letters), or that it begins; the nearest first, at most three.
    static func closest(to typed: String, among names: [String]) -> [String] {
        let word = typed.lowercased()
        let allowed = max(1, min(2, word.count / 3))
        let scored = names.compactMap { name -> (name: String, distance: Int)? in
            let distance = EditDistance.between(word, name)
            if distance <= allowed { return (name, distance) }
            if word.count >= 3, name.hasPrefix(word) { return (name, allowed) }
            return nil
        }
        let sorted = scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        guard let best = sorted.first?.distance else { return [] }
        return Array(sorted.filter { $0.distance == best }.map(\.name).prefix(3))
    }
}
