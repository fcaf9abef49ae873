import Foundation

/// One position change as devices and the server exchange it.
public struct SyncedPosition: Sendable, Codable, Equatable, Hashable {
    /// The device that made it, and its number among that device's changes.
    public var device: String
    public var sequence: Int64
    /// The device's name (its host name), for the history of other devices.
    public var deviceName: String?
    /// The document, by content hash (the same on every device).
    public var document: String
    public var word: Int
    public var startWord: Int
    public var speed: Double?
    public var cause: PositionCause
    /// The device's clock when the change was made (may be off by hours).
    public var wallTime: Double
    /// The last server order the device had received when it made the change: it knew every
    /// change up to there.
    public var seen: Int64
    /// The server's receive order; nil until the server has it.
    public var order: Int64?
    /// Server clock minus device clock, measured when the server received it.
    public var clockOffset: Double
    /// Set when the change is a library edit (title, folder, trash) rather than a position;
    /// `word` and `startWord` are then 0.
    public var edit: LibraryEdit?

    public init(device: String, sequence: Int64, document: String, word: Int, startWord: Int? = nil, speed: Double? = nil,
                cause: PositionCause, wallTime: Double, seen: Int64, order: Int64? = nil, clockOffset: Double = 0) {
        self.device = device
        self.sequence = sequence
        self.document = document
        self.word = word
        self.startWord = startWord ?? word
        self.speed = speed
        self.cause = cause
        self.wallTime = wallTime
        self.seen = seen
        self.order = order
        self.clockOffset = clockOffset
    }

    /// When it happened by the server's clock.
    public var time: Double { wallTime + clockOffset }
}
