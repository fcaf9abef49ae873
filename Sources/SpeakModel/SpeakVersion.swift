/// The version of this build of `speak` (the command line's `--version`, the user agent of
/// pages it fetches).
public enum SpeakVersion {
    public static let current = "0.1.0"
}
