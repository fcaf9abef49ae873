/// What `speak-fetch` answers: one JSON line, then (on success) exactly `bytes` bytes of body.
///
/// URL fetching lives in that helper so that `speak` itself does not load libcurl and its ~35
/// libraries, which cost every command several milliseconds of start.
public struct FetchReply: Sendable, Equatable, Codable {
    /// The body's length; nil when the fetch failed.
    public var bytes: Int?
    /// The charset the server declared in `Content-Type`.
    public var charset: String?
    /// Why the fetch failed, for the user ("the server answered 404 Not Found").
    public var failure: String?
    /// Set when the failure is content that no importer reads: what it is ("'video/mp4' content").
    public var detected: String?

    public init(bytes: Int? = nil, charset: String? = nil, failure: String? = nil, detected: String? = nil) {
        self.bytes = bytes
        self.charset = charset
        self.failure = failure
        self.detected = detected
    }
}
