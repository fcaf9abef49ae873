import Foundation
import SpeakImport
import SpeakIntake
import SpeakLibrary
import SpeakModel
import SpeakSynthesis

/// The facade of the reading engine: the one entry point the command line uses for
/// importing, reading and managing the library.
public final class Speak: @unchecked Sendable {
    public let environment: [String: String]
    public let config: SpeakConfig
    private var openedLibrary: LibraryStore?
    var loadedPresets: [VoicePreset]?
    var loadedLanguageVoices: [String: String]?
    private let libraryWaitNotice: @Sendable () -> Void

    /// `environment` decides where the library and config live (`SPEAK_HOME`, XDG variables);
    /// `libraryWaitNotice` is told when a write waits for another speak process's.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                libraryWaitNotice: @escaping @Sendable () -> Void = {}) throws(ConfigError) {
        self.environment = environment
        self.libraryWaitNotice = libraryWaitNotice
        self.config = try SpeakConfig.load(environment: environment)
    }

    /// The helper program `name` installed beside the running one (or `$variable` when set).
    public static func helperExecutable(_ name: String, overriddenBy variable: String) -> String {
        HelperProcess.path(name, overriddenBy: variable)
    }

    /// Where the library (and what belongs beside it) is kept.
    public var libraryDirectory: URL { SpeakPaths.libraryDirectory(environment: environment) }

    /// The library, opened on first use.
    public func library() throws(LibraryError) -> LibraryStore {
        if let openedLibrary { return openedLibrary }
        var wait = LibraryWait.standard
        wait.notice = libraryWaitNotice
        let store = try LibraryStore(directory: SpeakPaths.libraryDirectory(environment: environment), wait: wait)
        openedLibrary = store
        return store
    }

    /// Library documents in the given order.
    public func list(sort: LibrarySort = .recent) throws(LibraryError) -> [DocumentSummary] {
        try library().list(sort: sort)
    }

    /// One library document's summary.
    public func summary(id: Int64) throws(LibraryError) -> DocumentSummary {
        try library().summary(id: id)
    }

    /// Word `index` of library document `id`, read without loading the whole document.
    public func word(documentID id: Int64, index: Int) throws(LibraryError) -> Word? {
        try library().word(documentID: id, index: index)
    }

    /// Removes a document from the library for good.
    public func remove(id: Int64) throws(LibraryError) {
        try library().purge(id: id)
    }

    /// A document from a file (imported on the fly, not stored), standard input or the library.
    public func document(_ input: InputReference, options: ImportRequest = ImportRequest(),
                         progress: ProgressHandler? = nil) throws -> Document {
        switch input {
        case .document(let id):
            return try library().document(id: id)
        case .file, .standardInput, .url, .uploaded:
            let source = try InputReader.read(input)
            return try DocumentImport.run(source, request: options, progress: progress ?? { _ in })
        }
    }

    /// Reading time of `words` words at the configured speed, in seconds.
    public func readingTime(words: Int, speed: Double? = nil) -> Double {
        // A stored speed out of range (a library written by an older or another program) must
        // not make the time infinite.
        let pace = ListeningSpeed.playable(speed) ?? config.speed
        return Double(max(0, words)) / (config.wordsPerMinute * pace) * 60
    }
}
