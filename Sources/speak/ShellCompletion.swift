import Foundation
import SpeakKit

/// What the shell completes from the library (`speak play <TAB>`): the completion scripts that
/// ArgumentParser generates call `speak` back with the words typed so far, and these answer.
enum ShellCompletion {
    /// Document ids.
    @Sendable static func documents(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let speak = try? Speak(), let documents = try? speak.list() else { return [] }
        return documents.map { String($0.id) }.filter { $0.hasPrefix(prefix) }
    }

    /// Document ids, then the files and folders of the directory being typed.
    @Sendable static func documentsOrFiles(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        documents(words, index, prefix) + files(prefix)
    }

    /// Document ids and folder paths of the library.
    @Sendable static func documentsOrFolders(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let folders = ((try? (try? Speak())?.library().folders()) ?? []).map(\.path).filter { $0.hasPrefix(prefix) }
        return documents(words, index, prefix) + folders
    }

    /// Preset ids, neural voices and eSpeak-NG voices.
    @Sendable static func voices(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let list = try? (try? Speak())?.voiceList() else { return [] }
        let names = list.presets.map(\.id) + list.neural.map(\.name) + list.languages.map(\.identifier)
        return Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
    }

    private static func files(_ prefix: String) -> [String] {
        let directory = prefix.contains("/") ? String(prefix[...(prefix.lastIndex(of: "/") ?? prefix.startIndex)]) : ""
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.map { directory + $0 }.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
