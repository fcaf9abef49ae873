/// The speeds a listener can play at, as multiples of the voice's normal pace: the one
/// place that says what a player takes, whoever sent the speed (a flag, the config, the
/// reader page, another device, a library written by another program).
public enum ListeningSpeed {
    public static let range = 0.5...4.5

    /// `speed` within `range`.
    public static func clamped(_ speed: Double) -> Double {
        min(range.upperBound, max(range.lowerBound, speed))
    }

    /// A stored or received speed as a player can take it: within `range`, or nil when it is
    /// not a number or not above zero (a speed of 0 makes every "time left" infinite).
    public static func playable(_ speed: Double?) -> Double? {
        guard let speed, speed.isFinite, speed > 0 else { return nil }
        return clamped(speed)
    }
}
