import Foundation
import SpeakModel

/// What a background player tells other terminals: written beside the library every half
/// second while it plays, removed when it ends.
public struct BackgroundPlayerState: Sendable, Codable, Equatable {
    public var pid: Int32
    public var documentID: Int64
    public var title: String
    public var word: Int
    public var wordCount: Int
    public var paused: Bool
    public var speed: Double
    /// Seconds of listening left at this speed.
    public var secondsLeft: Double
    public var started: Date
    public var updated: Date

    public init(pid: Int32, documentID: Int64, title: String, word: Int, wordCount: Int, paused: Bool, speed: Double,
                secondsLeft: Double, started: Date, updated: Date) {
        self.pid = pid
        self.documentID = documentID
        self.title = title
        self.word = word
        self.wordCount = wordCount
        self.paused = paused
        self.speed = speed
        self.secondsLeft = secondsLeft
        self.started = started
        self.updated = updated
    }
}

/// A request to the background player.
public enum BackgroundCommand: Sendable {
    case pause, resume, stop

    /// Pause and resume are SIGUSR1 and SIGUSR2; stop is SIGTERM, which playback already
    /// turns into a stop that saves the position.
    var signal: Int32 {
        switch self {
        case .pause: SIGUSR1
        case .resume: SIGUSR2
        case .stop: SIGTERM
        }
    }
}

/// Failures of starting or reaching a background player.
public enum BackgroundPlayerError: Error, Equatable, Sendable {
    /// Another background player holds the library.
    case alreadyPlaying(title: String, pid: Int32)
    case notPlaying
    case cannotStart(reason: String)
    case cannotWrite(path: String, reason: String)
}

/// The one background player of a library: a lock held while it lives (so that there is at
/// most one, and a crashed one leaves nothing that blocks the next), a state file other
/// terminals read, and signals they send.
public final class BackgroundPlayer: @unchecked Sendable {
    public let directory: URL
    private var lockDescriptor: Int32 = -1

    /// The player of the library in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    deinit { release() }

    var lockPath: String { directory.appendingPathComponent("player.lock").path }
    var statePath: String { directory.appendingPathComponent("player.json").path }
    /// Where a background player writes what it would have said on a terminal.
    public var logPath: String { directory.appendingPathComponent("player.log").path }

    /// Takes the library's player lock for this process (the background player itself).
    public func claim() throws(BackgroundPlayerError) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: lockPath, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let state = current()
            throw .alreadyPlaying(title: state?.title ?? "a document", pid: state?.pid ?? 0)
        }
        lockDescriptor = descriptor
    }

    /// Gives the lock back and removes the state file.
    public func release() {
        guard lockDescriptor >= 0 else { return }
        unlink(statePath)
        close(lockDescriptor)
        lockDescriptor = -1
    }

    /// Whether a background player holds the library now.
    public var isRunning: Bool {
        let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return true
    }

    /// Writes the state for other terminals (atomically: a reader never sees half of it).
    public func publish(_ state: BackgroundPlayerState) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(state) else { return }
        try? data.write(to: URL(fileURLWithPath: statePath), options: .atomic)
    }

    /// The running player's last state; nil when none runs (a state file left by a player
    /// killed with -9 is not one: the lock went with it).
    public func current() -> BackgroundPlayerState? {
        guard isRunning || lockDescriptor >= 0, let data = FileManager.default.contents(atPath: statePath) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(BackgroundPlayerState.self, from: data)
    }

    /// Sends `command` to the running player. `stop` waits (up to `timeout` seconds) until
    /// it has saved its position and ended, and returns its last state.
    @discardableResult
    public func send(_ command: BackgroundCommand, timeout: Double = 10) throws(BackgroundPlayerError) -> BackgroundPlayerState {
        guard let state = current(), state.pid > 0 else { throw .notPlaying }
        guard kill(state.pid, command.signal) == 0 else { throw .notPlaying }
        guard case .stop = command else { return state }
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning, Date() < deadline { usleep(20_000) }
        return state
    }

    /// Starts `arguments` (the program first) as a process of its own session, detached
    /// from the terminal: no terminal input, output to the player's log.
    public func spawnDetached(_ arguments: [String], environment: [String: String]) throws(BackgroundPlayerError) -> Int32 {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc ≥ 2.26; the header hides it behind _GNU_SOURCE): a session of
        // its own, so closing the terminal does not hang it up.
        // …and with the signals this process ignores or blocks (during playback: SIGINT,
        // SIGTERM, SIGHUP) back to their defaults, so that `speak stop` reaches it.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process goes with it: a descriptor another program waits on
        // (a pipe of the shell or of a test harness) would stay open as long as it plays.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap(Int32.init) ?? []
        for descriptor in open where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw .cannotStart(reason: String(cString: strerror(status))) }
        return pid
    }
}

extension BackgroundPlayerError: UserFacingError {
    public var message: String {
        switch self {
        case .alreadyPlaying(let title, let pid):
            "'\(title)' is already playing in the background\(pid > 0 ? " (process \(pid))" : ""); 'speak stop' ends it, then try again"
        case .notPlaying:
            "nothing is playing in the background; start it with: speak play ID --background"
        case .cannotStart(let reason):
            "cannot start the background player: \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason); check that the library directory is writable"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .alreadyPlaying, .notPlaying, .cannotStart: .unavailable
        case .cannotWrite: .cannotCreate
        }
    }
}
