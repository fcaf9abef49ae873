import Foundation

/// What the desktop's media widget shows of the playback.
public struct MediaState: Sendable, Equatable {
    public enum Status: String, Sendable { case playing = "Playing", paused = "Paused", stopped = "Stopped" }

    public var status: Status
    /// The speed, 1 = the voice's normal pace.
    public var rate: Double
    /// Where playback is, in seconds of the document at normal pace.
    public var position: Double
    public var track: MediaTrack

    public init(status: Status, rate: Double, position: Double, track: MediaTrack) {
        self.status = status
        self.rate = rate
        self.position = position
        self.track = track
    }
}

/// The document playing, as a track.
public struct MediaTrack: Sendable, Equatable {
    /// Library id of the document (0 while a scan is still being read in).
    public var documentID: Int64
    public var title: String
    public var author: String?
    /// The chapter being read (1-based) and its title.
    public var chapterNumber: Int?
    public var chapterTitle: String?
    /// Seconds of the whole document at normal pace.
    public var length: Double
    public var url: String?
    /// A file URL of the cover image, when the document has one.
    public var artURL: String?

    public init(documentID: Int64, title: String, author: String?, chapterNumber: Int?, chapterTitle: String?, length: Double,
                url: String?, artURL: String?) {
        self.documentID = documentID
        self.title = title
        self.author = author
        self.chapterNumber = chapterNumber
        self.chapterTitle = chapterTitle
        self.length = length
        self.url = url
        self.artURL = artURL
    }
}

/// What the media widget and the media keys can do to the playback.
public protocol MediaPlayerControl: AnyObject, Sendable {
    func mediaState() -> MediaState
    func play()
    func pause()
    func playPause()
    func stop()
    func nextChapter()
    func previousChapter()
    /// Goes to `seconds` into the document (at normal pace).
    func seek(to seconds: Double)
    func setRate(_ rate: Double)
}

/// The player on the session D-Bus as an MPRIS media player (`org.mpris.MediaPlayer2.speak`),
/// so that media keys and the desktop's media widgets control it. Runs on a thread of its
/// own, which owns the connection: it answers calls, and 10 times a second compares the
/// playback with what it last announced and signals what changed.
public final class MediaPlayerService: @unchecked Sendable {
    static let path = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    public static let rateRange = 0.5...4.5

    private let control: any MediaPlayerControl
    private let lock = NSLock()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    private var announced: MediaState?
    private var announcedAt = 0.0
    /// The bus name taken, once connected (for tests and messages).
    public private(set) var busName: String?

    private init(control: any MediaPlayerControl) {
        self.control = control
    }

    /// Starts the service when the environment has a session bus; nil otherwise (and then
    /// nothing is loaded). Connecting happens on the service's thread, off playback's way.
    public static func start(control: any MediaPlayerControl, environment: [String: String]) -> MediaPlayerService? {
        guard DBusConnection.sessionBusExpected(environment: environment) else { return nil }
        let service = MediaPlayerService(control: control)
        let thread = Thread { service.run() }
        thread.name = "speak MPRIS"
        thread.start()
        return service
    }

    /// Says the playback stopped, leaves the bus and waits for the thread to end.
    public func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        finished.wait()
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    private func run() {
        defer { finished.signal() }
        guard let bus = DBusConnection() else { return }
        defer { bus.close() }
        do {
            try bus.addObject(path: Self.path) { [unowned self] message in handle(message, bus: bus) }
        } catch {
            return
        }
        // A second player takes a name of its own, as MPRIS asks.
        let name = bus.requestName("org.mpris.MediaPlayer2.speak") ? "org.mpris.MediaPlayer2.speak"
            : "org.mpris.MediaPlayer2.speak.instance\(getpid())"
        guard name.hasSuffix("speak") || bus.requestName(name) else { return }
        busName = name
        announced = control.mediaState()
        announcedAt = ProcessInfo.processInfo.systemUptime
        while !isStopping {
            guard bus.process() else { return }
            announceChanges(bus)
            bus.wait(microseconds: 100_000)
        }
        var last = control.mediaState()
        last.status = .stopped
        announce(last, bus: bus)
        _ = bus.process()
    }

    private func announceChanges(_ bus: DBusConnection) {
        let state = control.mediaState()
        guard let before = announced else { return }
        let now = ProcessInfo.processInfo.systemUptime
        // A position that moved otherwise than playing moves it: a jump, a skip, a seek.
        let expected = before.position + (before.status == .playing ? (now - announcedAt) * before.rate : 0)
        if abs(state.position - expected) > 1.5 {
            bus.signal(path: Self.path, interface: Self.playerInterface, member: "Seeked", [.int64(Self.microseconds(state.position))])
        }
        announce(state, bus: bus)
        announcedAt = now
    }

    private func announce(_ state: MediaState, bus: DBusConnection) {
        var changed: [(String, DBusValue)] = []
        let before = announced
        if before?.status != state.status { changed.append(("PlaybackStatus", .string(state.status.rawValue))) }
        if before?.rate != state.rate { changed.append(("Rate", .double(state.rate))) }
        if before?.track != state.track { changed.append(("Metadata", Self.metadata(state.track))) }
        announced = state
        guard !changed.isEmpty else { return }
        bus.signal(path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                   [.string(Self.playerInterface), .dictionary(changed), .strings([])])
    }

    // MARK: - Calls

    private func handle(_ message: DBusMessage, bus: DBusConnection) -> Bool {
        guard message.isMethodCall else { return false }
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            bus.reply(to: message, [.string(MPRISIntrospection.xml)])
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard let interface = message.readString(), let name = message.readString(),
                  let value = properties(of: interface).first(where: { $0.0 == name })?.1 else {
                bus.replyError(to: message, name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no such property")
                return true
            }
            bus.reply(to: message, variant: value)
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            bus.reply(to: message, [.dictionary(properties(of: message.readString() ?? ""))])
        case ("org.freedesktop.DBus.Properties", "Set"):
            let interface = message.readString(), name = message.readString()
            switch (interface, name, message.readVariantNumber()) {
            case (Self.playerInterface, "Rate", let rate?):
                control.setRate(min(Self.rateRange.upperBound, max(Self.rateRange.lowerBound, rate)))
            case (Self.playerInterface, "Volume", _):
                break  // The volume is the desktop's: speak leaves it as it is.
            default:
                bus.replyError(to: message, name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "this property cannot be set")
                return true
            }
            bus.reply(to: message)
        case (Self.rootInterface, "Raise"):
            bus.reply(to: message)
        case (Self.rootInterface, "Quit"):
            control.stop()
            bus.reply(to: message)
        case (Self.playerInterface, let member):
            return handlePlayer(member, message, bus: bus)
        default:
            return false
        }
        return true
    }

    private func handlePlayer(_ member: String, _ message: DBusMessage, bus: DBusConnection) -> Bool {
        switch member {
        case "Play": control.play()
        case "Pause": control.pause()
        case "PlayPause": control.playPause()
        case "Stop": control.stop()
        case "Next": control.nextChapter()
        case "Previous": control.previousChapter()
        case "Seek":
            guard let offset = message.readInt64() else { return false }
            let state = control.mediaState()
            control.seek(to: max(0, min(state.track.length, state.position + Double(offset) / 1_000_000)))
        case "SetPosition":
            guard let track = message.readString(), let position = message.readInt64() else { return false }
            let state = control.mediaState()
            // A position for another track, or past the end, is ignored, as MPRIS says.
            if track == Self.trackID(state.track), position >= 0, Double(position) / 1_000_000 <= state.track.length {
                control.seek(to: Double(position) / 1_000_000)
            }
        case "OpenUri":
            bus.replyError(to: message, name: "org.mpris.MediaPlayer2.speak.Error.NotSupported",
                           message: "speak plays documents of its library; use speak play FILE")
            return true
        default:
            return false
        }
        bus.reply(to: message)
        announceChanges(bus)
        return true
    }

    // MARK: - Properties

    private func properties(of interface: String) -> [(String, DBusValue)] {
        switch interface {
        case Self.rootInterface:
            return [("CanQuit", .bool(true)), ("CanRaise", .bool(false)), ("HasTrackList", .bool(false)), ("Identity", .string("speak")),
                    ("SupportedUriSchemes", .strings([])), ("SupportedMimeTypes", .strings([]))]
        case Self.playerInterface:
            let state = control.mediaState()
            return [("PlaybackStatus", .string(state.status.rawValue)), ("Rate", .double(state.rate)),
                    ("Metadata", Self.metadata(state.track)), ("Volume", .double(1)),
                    ("Position", .int64(Self.microseconds(state.position))),
                    ("MinimumRate", .double(Self.rateRange.lowerBound)), ("MaximumRate", .double(Self.rateRange.upperBound)),
                    ("CanGoNext", .bool(true)), ("CanGoPrevious", .bool(true)), ("CanPlay", .bool(true)),
                    ("CanPause", .bool(true)), ("CanSeek", .bool(true)), ("CanControl", .bool(true))]
        default:
            return []
        }
    }

    static func metadata(_ track: MediaTrack) -> DBusValue {
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackID(track))),
                                              ("mpris:length", .int64(microseconds(track.length))),
                                              ("xesam:title", .string(track.title))]
        if let author = track.author { entries.append(("xesam:artist", .strings([author]))) }
        if let chapter = track.chapterTitle { entries.append(("xesam:album", .string(chapter))) }
        if let number = track.chapterNumber { entries.append(("xesam:trackNumber", .int32(Int32(clamping: number)))) }
        if let url = track.url { entries.append(("xesam:url", .string(url))) }
        if let art = track.artURL { entries.append(("mpris:artUrl", .string(art))) }
        return .dictionary(entries)
    }

    static func trackID(_ track: MediaTrack) -> String { "/org/mpris/MediaPlayer2/speak/document/\(max(0, track.documentID))" }

    static func microseconds(_ seconds: Double) -> Int64 { Int64((max(0, seconds) * 1_000_000).rounded()) }
}
