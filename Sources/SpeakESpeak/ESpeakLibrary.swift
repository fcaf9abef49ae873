import CEspeakNG

/// Facts about the linked eSpeak-NG library. The engine itself arrives with synthesis.
public enum ESpeakLibrary {
    /// The library's version string ("1.51"), read without initializing the engine.
    public static var version: String {
        guard let cString = espeak_Info(nil) else { return "unknown" }
        return String(cString: cString)
    }
}
