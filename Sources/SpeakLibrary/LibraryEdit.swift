import Foundation

/// What a library edit changes of a document.
public enum EditField: String, Sendable, Codable, CaseIterable {
    case title, folder, trash
    /// A bookmark added, changed or removed: the value is its record as JSON, and records
    /// merge by their own later change (each bookmark on its own).
    case bookmark

    /// The longest value a device may send: a title or folder path, or a bookmark with its note.
    public var valueLimit: Int { self == .bookmark ? 4_000 : 1_000 }
}

/// A change of a document's title, folder or place in the trash, exchanged between devices
/// with the position changes (the same numbering, the same log on the server) and merged per
/// field by the same rule.
public struct LibraryEdit: Sendable, Codable, Equatable, Hashable {
    public var field: EditField
    /// The new title; the folder's path ("" for the top level); "1" in the trash, "0" out of
    /// it; a bookmark's record as JSON.
    public var value: String

    public init(field: EditField, value: String) {
        self.field = field
        self.value = value
    }
}

/// A document the sync changed otherwise than its position, or has something to say about.
public struct EditOutcome: Sendable, Equatable {
    public var id: Int64
    public var title: String
    /// What happened, for people: "renamed from 'X'", "moved to Papers", "moved to the trash".
    public var what: String

    public init(id: Int64, title: String, what: String) {
        self.id = id
        self.title = title
        self.what = what
    }
}
