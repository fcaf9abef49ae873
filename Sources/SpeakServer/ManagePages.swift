import Foundation
import SpeakKit

/// Renaming, moving and trashing documents and folders, the trash with restore, and the
/// listening statistics: plain forms that post and come back, no script needed.
struct ManagePages {
    let speak: Speak

    /// The item a form names: a document id, or a folder's path.
    static func item(_ text: String) -> LibraryItem {
        LibraryItem(argument: text)
    }

    func manage(_ text: String) throws -> String {
        let item = Self.item(text)
        let name: String
        switch item {
        case .document(let id): name = try speak.summary(id: id).metadata.title
        case .folder(let path):
            guard try speak.folder(path: path) != nil else { throw LibraryError.folderNotFound(path: path) }
            name = path + "/"
        }
        let kind = if case .document = item { "document" } else { "folder" }
        let folders = try allFolders().filter { folder in
            if case .folder(let path) = item { return folder != path && !folder.hasPrefix(path + "/") }
            return true
        }
        let options = ([""] + folders).map { "<option value=\"\(HTML.escape($0))\">\($0.isEmpty ? "Top level" : HTML.escape($0) + "/")</option>" }
        let field = "<input type=\"hidden\" name=\"item\" value=\"\(HTML.escape(text))\">"
        let current = if case .folder(let path) = item { (path as NSString).lastPathComponent } else { name }
        let body = """
            <header class="bar"><a class="brand" href="/">← speak</a><span class="doc-title">\(HTML.escape(name))</span></header>
            <main id="main"><h1>\(HTML.escape(name))</h1>
            \(kind == "document" ? "<p><a href=\"/read/\(text)\">Read and listen</a></p>" : "")
            <section aria-labelledby="rename-title"><h2 id="rename-title">Rename</h2>
            <form method="post" action="/manage/rename">\(field)<label for="name">New \(kind == "document" ? "title" : "name")</label>
            <input id="name" name="name" required value="\(HTML.escape(current))"> <button type="submit">Rename</button></form></section>
            <section aria-labelledby="move-title"><h2 id="move-title">Move</h2>
            <form method="post" action="/manage/move">\(field)<label for="to">Into</label>
            <select id="to" name="to">\(options.joined())</select> <button type="submit">Move</button></form></section>
            <section aria-labelledby="trash-title"><h2 id="trash-title">Trash</h2>
            <form method="post" action="/manage/trash">\(field)<button type="submit">Move to the trash</button>
            <span class="muted">It stays in the trash until purged and can be restored.</span></form></section>
            </main>
            """
        return HTML.page(title: name, body: body)
    }

    func trash() throws -> String {
        let contents = try speak.trash()
        var body = "<header class=\"bar\"><a class=\"brand\" href=\"/\">← speak</a><span class=\"doc-title\">Trash</span></header>"
            + "<main id=\"main\"><h1>Trash</h1>"
        if contents.folders.isEmpty && contents.documents.isEmpty { body += "<p>The trash is empty.</p>" }
        let rows = contents.folders.map { ($0.path + "/", $0.path) } + contents.documents.map { ($0.metadata.title, String($0.id)) }
        if !rows.isEmpty {
            body += "<ul class=\"trash\">"
            for (name, item) in rows {
                body += """
                    <li>\(HTML.escape(name)) <form class="inline" method="post" action="/manage/restore">
                    <input type="hidden" name="item" value="\(HTML.escape(item))"><button type="submit" aria-label="Restore \(HTML.escape(name))">Restore</button></form></li>
                    """
            }
            body += "</ul>"
        }
        return HTML.page(title: "Trash", body: body + "</main>")
    }

    func stats() throws -> String {
        let stats = try speak.stats()
        func row(_ name: String, _ value: String) -> String { "<tr><th scope=\"row\">\(name)</th><td>\(HTML.escape(value))</td></tr>" }
        let body = """
            <header class="bar"><a class="brand" href="/">← speak</a><span class="doc-title">Statistics</span></header>
            <main id="main"><h1>Statistics</h1><table class="documents">
            \(row("Documents", "\(stats.documents) (\(stats.unread) unread, \(stats.inProgress) in progress, \(stats.finished) finished)"))
            \(row("Words", "\(stats.words)"))
            \(row("Listening", HTML.duration(stats.listeningSeconds) + " in \(stats.sessions) session\(stats.sessions == 1 ? "" : "s")"))
            \(row("Longest session", HTML.duration(stats.longestSessionSeconds)))
            \(row("Words heard", "\(stats.wordsHeard)"))
            </table></main>
            """
        return HTML.page(title: "Statistics", body: body)
    }

    /// Every folder's path, depth first.
    func allFolders() throws -> [String] {
        var folders: [String] = []
        func walk(_ listing: FolderListing) {
            if let folder = listing.folder { folders.append(folder.path) }
            listing.folders.forEach(walk)
        }
        walk(try speak.listing(path: nil, recursive: true))
        return folders
    }

    /// A page saying what went wrong, with the way back.
    static func problem(_ message: String) -> String {
        HTML.page(title: "Not done", body: """
            <main id="main"><h1>Not done</h1><p class="error" role="alert">\(HTML.escape(message))</p><p><a href="/">Back to the library</a></p></main>
            """)
    }
}
