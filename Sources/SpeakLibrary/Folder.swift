import Foundation

/// A folder of the library. Folders nest; names are unique among a parent's folders.
public struct Folder: Sendable, Equatable, Codable {
    public var id: Int64
    /// The enclosing folder; nil at the top level.
    public var parentID: Int64?
    public var name: String
    /// Names from the top level down, joined by "/": "Papers/2026".
    public var path: String
    public var created: Date
    /// When the folder was moved to the trash.
    public var deleted: Date?

    /// Splits a folder path typed by a user ("Papers/2026", "/Papers/2026/") into names; the
    /// top level is the empty list ("", "/").
    public static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Why `name` cannot name a folder, or nil when it can.
    public static func problem(with name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "it is empty" }
        if name.contains("/") { return "'/' separates folders in a path; use another character" }
        if name == "." || name == ".." { return "it is reserved" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains control characters"
        }
        if trimmed != name { return "it starts or ends with a space" }
        return nil
    }
}
