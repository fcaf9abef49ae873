import Foundation
import SpeakAudio
import SpeakImportEPUB
import SpeakMPRIS
import SpeakModel
import SpeakPlayer

/// The playback as an MPRIS media player on the desktop's session bus, while it lasts.
public final class DesktopMediaControls: Sendable {
    private let service: MediaPlayerService

    fileprivate init(service: MediaPlayerService) {
        self.service = service
    }

    /// Tells the desktop playback stopped and leaves the bus.
    public func stop() { service.stop() }
}

extension PlaybackSession {
    /// Publishes the playback on the session bus (MPRIS: media keys, the desktop's media
    /// widget, `playerctl`); nil when there is no session bus, and then nothing is loaded.
    public func publishOnDesktop(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 coverDirectory: URL) -> DesktopMediaControls? {
        let control = PlaybackMediaControl(session: self, coverDirectory: coverDirectory)
        return MediaPlayerService.start(control: control, environment: environment).map(DesktopMediaControls.init)
    }

    /// Seconds into the document at normal pace where `word` is (spoken words only).
    func seconds(atWord word: Int) -> Double {
        secondsLeft(from: 0, speed: 1) - secondsLeft(from: word, speed: 1)
    }

    /// The word `seconds` into the document at normal pace.
    func word(atSeconds seconds: Double) -> Int {
        let document = player.document
        var words = Int((seconds * wordsPerMinute / 60).rounded())
        for block in document.blocks where block.isSpoken && block.wordCount > 0 {
            if words < block.wordCount { return block.firstWord + words }
            words -= block.wordCount
        }
        return max(0, document.wordCount - 1)
    }
}

/// What the desktop may do to a playback, and what it shows of it.
final class PlaybackMediaControl: MediaPlayerControl, @unchecked Sendable {
    private let session: PlaybackSession
    private let coverDirectory: URL
    private var cover: (done: Bool, url: String?) = (false, nil)

    init(session: PlaybackSession, coverDirectory: URL) {
        self.session = session
        self.coverDirectory = coverDirectory
    }

    func mediaState() -> MediaState {
        let status = session.player.snapshot
        let document = session.player.document
        let chapter = document.chapters.lastIndex { $0.firstWord <= status.word }
        let track = MediaTrack(documentID: session.documentID ?? 0, title: session.title, author: document.metadata.author,
                               chapterNumber: chapter.map { $0 + 1 }, chapterTitle: chapter.map { document.chapters[$0].title },
                               length: session.seconds(atWord: document.wordCount), url: Self.url(of: document.metadata.source),
                               artURL: coverURL(document))
        let state: MediaState.Status = status.ended ? .stopped : (status.paused ? .paused : .playing)
        return MediaState(status: state, rate: status.speed, position: session.seconds(atWord: status.word), track: track)
    }

    func play() { session.player.setPaused(false) }
    func pause() { session.player.setPaused(true) }
    func playPause() { session.player.togglePause() }
    func stop() { session.player.stop() }
    func nextChapter() { session.player.jumpChapter(1) }
    func previousChapter() { session.player.jumpChapter(-1) }
    func seek(to seconds: Double) { session.player.jump(toWord: session.word(atSeconds: seconds)) }
    func setRate(_ rate: Double) { session.player.setSpeed(rate) }

    private static func url(of source: String) -> String? {
        if source.hasPrefix("http://") || source.hasPrefix("https://") { return source }
        guard source.hasPrefix("/"), FileManager.default.fileExists(atPath: source) else { return nil }
        return URL(fileURLWithPath: source).absoluteString
    }

    /// An EPUB's own cover, written once beside the library for the widget to show.
    private func coverURL(_ document: Document) -> String? {
        if cover.done { return cover.url }
        cover.done = true
        guard document.metadata.format == .epub, let data = EPUBImporter.cover(ofFile: document.metadata.source),
              let image = CoverImage(data: data) else { return nil }
        let name = document.metadata.contentHash.replacingOccurrences(of: "sha256:", with: "").prefix(24)
        let file = coverDirectory.appendingPathComponent("\(name).\(image.mimeType == "image/png" ? "png" : "jpg")")
        try? FileManager.default.createDirectory(at: coverDirectory, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: file.path) || (try? data.write(to: file, options: .atomic)) != nil else { return nil }
        cover.url = file.absoluteString
        return cover.url
    }
}
