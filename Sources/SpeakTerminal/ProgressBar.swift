import Foundation

/// A progress bar with percentage and ETA on stderr, drawn only when stderr is a terminal
/// and the work has taken long enough to be worth showing; silent when piped.
public final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A bar labelled `label`, drawn when standard error is a terminal (not TERM=dumb).
    public init(label: String) {
        self.label = label
        self.enabled = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Records progress (0…1); redraws at most ten times a second.
    public func update(_ fraction: Double) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed > 0.3, now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        drawn = true
        let f = min(1, max(0, fraction))
        let width = 30
        let filled = Int(f * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var eta = ""
        if f > 0.02 {
            let remaining = elapsed / f - elapsed
            eta = " ETA " + Self.duration(remaining)
        }
        let line = "\r\(bar) \(Int(f * 100))%\(eta)  \(label)"
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
    }

    /// Clears the bar if it was drawn.
    public func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }

    /// "45 s", "12 min", "3 h 05 min".
    public static func duration(_ seconds: Double) -> String {
        let s = seconds.isFinite ? Int(min(1e9, max(0, seconds)).rounded()) : 0
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\((s + 30) / 60) min" }
        let minutes = (s + 30) / 60
        return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }
}
