import Foundation
import GRDB
import SpeakModel

extension LibraryStore {
    /// Replaces a stored document's content (blocks, chapters, counts) with `document`, for
    /// a book that got a chapter or had its chapters reordered. The saved position and the
    /// listening sessions follow their words through `renumbering`. `expectedHash` is the
    /// content hash the edit started from: when another process changed the document in
    /// between, nothing is written and the edit can be retried.
    public func replaceContent(id: Int64, with document: Document, expectedHash: String,
                               renumbering: WordRenumbering? = nil) throws(LibraryError) {
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            let current = try String.fetchOne(db, sql: "SELECT content_hash FROM documents WHERE id = ?", arguments: [id])
            guard current == expectedHash else {
                throw LibraryError.storage(reason: "document \(id) was changed by another speak process meanwhile; run the command again")
            }
            try db.execute(sql: "DELETE FROM blocks WHERE document_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM chapters WHERE document_id = ?", arguments: [id])
            try db.execute(sql: "UPDATE documents SET content_hash = ?, book = 1 WHERE id = ?",
                           arguments: [document.metadata.contentHash, id])
            try Self.writeContent(db, id: id, document: document, progress: nil)
            guard let renumbering else { return }
            if let position = try Int.fetchOne(db, sql: "SELECT word_index FROM positions WHERE document_id = ?", arguments: [id]) {
                try db.execute(sql: "UPDATE positions SET word_index = ? WHERE document_id = ?",
                               arguments: [renumbering(position), id])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, word_index, start_word FROM position_log WHERE document_id = ?",
                                        arguments: [id]) {
                try db.execute(sql: "UPDATE position_log SET word_index = ?, start_word = ? WHERE id = ?",
                               arguments: [renumbering(row[1]), renumbering(row[2]), row[0] as Int64])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, first_word, last_word FROM sessions WHERE document_id = ?",
                                        arguments: [id]) {
                try db.execute(sql: "UPDATE sessions SET first_word = ?, last_word = ? WHERE id = ?",
                               arguments: [renumbering(row[1]), renumbering(row[2]), row[0] as Int64])
            }
        }
    }

    /// Saves where the user stopped listening (a global word index) and, optionally, their speed.
    /// Every change is kept in the document's position history; `cause` says why the
    /// position moved (nil: judged from how far and how fast it moved); `time` is this
    /// device's clock.
    public func savePosition(documentID id: Int64, wordIndex: Int, speed: Double? = nil,
                             finished: Bool = false, cause: PositionCause? = nil, at time: Date = Date()) throws(LibraryError) {
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            try PositionHistory.record(db, documentID: id, word: wordIndex, speed: speed, finished: finished, cause: cause,
                                       now: time.timeIntervalSince1970, uptime: ProcessInfo.processInfo.systemUptime)
            try db.execute(sql: """
                INSERT INTO positions (document_id, word_index, speed, finished, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (document_id) DO UPDATE SET word_index = excluded.word_index,
                    speed = COALESCE(excluded.speed, positions.speed), finished = excluded.finished,
                    updated_at = excluded.updated_at
                """, arguments: [id, wordIndex, speed, finished, time.timeIntervalSince1970])
            try Self.followTranslations(db, documentID: id, word: wordIndex, time: time.timeIntervalSince1970)
        }
    }
}
