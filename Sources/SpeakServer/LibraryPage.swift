import Foundation
import SpeakModel
import SpeakKit

/// The library as pages: a folder's documents and folders with `speak ls`'s columns (progress,
/// time left, length), sorting and filters, "continue listening", and search hits that open
/// the reader at their word.
struct LibraryPage {
    let speak: Speak

    /// Documents shown on one page of a folder.
    static let pageSize = 200

    /// The folder at `path` (nil: the top level), sorted and filtered; `page` counts from 1.
    func render(path: String?, sort: LibrarySort, filter: LibraryFilter, page: Int = 1) throws -> String {
        let listing = try speak.listing(path: path, sort: sort, filter: filter)
        var body = header(query: "")
        body += "<main id=\"main\">"
        if path == nil, let recent = try speak.mostRecentlyListened(), !recent.finished {
            body += """
                <section class="continue" aria-labelledby="continue-title"><h2 id="continue-title">Continue listening</h2>
                <p><a href="/read/\(recent.id)">\(HTML.escape(recent.metadata.title))</a>
                <span class="muted">\(percent(recent)) · \(HTML.duration(timeLeft(recent))) left</span></p></section>
                """
        }
        let title = listing.folder.map { HTML.escape($0.path) + "/" } ?? "Library"
        body += "<h1>\(title)</h1>"
        if let folder = listing.folder {
            let parent = folder.path.parentPath
            body += "<p><a href=\"/\(parent.isEmpty ? "" : "?folder=" + query(parent))\">↑ Up</a></p>"
        }
        body += controls(path: path, sort: sort, filter: filter)
        if !listing.folders.isEmpty {
            body += "<h2>Folders</h2><ul class=\"folders\">"
            for sub in listing.folders {
                guard let folder = sub.folder else { continue }
                body += "<li><a href=\"/?folder=\(query(folder.path))\">\(HTML.escape(folder.name))/</a> "
                    + "<span class=\"muted\">\(sub.totalDocuments) document\(sub.totalDocuments == 1 ? "" : "s")</span> "
                    + "<a class=\"manage\" href=\"/manage?item=\(query(folder.path))\" aria-label=\"Rename, move or trash \(HTML.escape(folder.name))\">⋯</a></li>"
            }
            body += "</ul>"
        }
        let pages = max(1, (listing.documents.count + Self.pageSize - 1) / Self.pageSize)
        let page = min(max(1, page), pages)
        let shown = listing.documents.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize)
        if listing.documents.isEmpty {
            body += "<p>No documents here. Import some with <code>speak import FILE</code>.</p>"
        } else {
            body += """
                <table class="documents"><caption class="visually-hidden">Documents</caption>
                <thead><tr><th scope="col">Title</th><th scope="col">Progress</th><th scope="col">Left</th>
                <th scope="col">Words</th><th scope="col">Format</th><th scope="col"><span class="visually-hidden">Manage</span></th></tr></thead><tbody>
                """
            for document in shown {
                body += """
                    <tr><td><a href="/read/\(document.id)">\(HTML.escape(document.metadata.title))</a></td>
                    <td>\(percent(document))</td><td>\(HTML.duration(timeLeft(document)))</td>
                    <td>\(document.spokenWordCount)</td><td>\(document.metadata.format.rawValue)</td>
                    <td><a class="manage" href="/manage?item=\(document.id)" aria-label="Rename, move or trash \(HTML.escape(document.metadata.title))">⋯</a></td></tr>
                    """
            }
            body += "</tbody></table>"
            if pages > 1 {
                var base = "/?sort=\(sort.rawValue)&filter=\(filter.rawValue)"
                if let path { base += "&folder=" + query(path) }
                body += "<nav class=\"pages\" aria-label=\"Pages\"><p>"
                if page > 1 { body += "<a href=\"\(base)&page=\(page - 1)\" rel=\"prev\">← Previous</a> " }
                body += "Page \(page) of \(pages) (\(listing.documents.count) documents)"
                if page < pages { body += " <a href=\"\(base)&page=\(page + 1)\" rel=\"next\">Next →</a>" }
                body += "</p></nav>"
            }
        }
        body += "</main>"
        return HTML.page(title: title, body: body)
    }

    /// Search hits, each opening the reader at its first word.
    func search(_ text: String) throws -> String {
        var body = header(query: text) + "<main id=\"main\"><h1>Search: \(HTML.escape(text))</h1>"
        let hits = text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : try speak.search(text, limit: 50)
        if hits.isEmpty {
            body += "<p>Nothing found.</p>"
        } else {
            body += "<ol class=\"hits\">"
            for hit in hits {
                let place = hit.chapter.map { " — " + HTML.escape($0) } ?? ""
                body += """
                    <li><a href="/read/\(hit.documentID)?word=\(hit.wordIndex)">\(HTML.escape(hit.title))\(place)</a>
                    <p>\(HTML.escape(hit.before))<mark>\(HTML.escape(hit.match))</mark>\(HTML.escape(hit.after))</p></li>
                    """
            }
            body += "</ol>"
        }
        return HTML.page(title: "Search", body: body + "</main>")
    }

    private func header(query text: String) -> String {
        """
        <header class="bar"><a class="brand" href="/">speak</a>
        <form role="search" action="/search" method="get"><label for="q" class="visually-hidden">Search the library</label>
        <input id="q" name="q" type="search" placeholder="Search" value="\(HTML.escape(text))"><button type="submit">Search</button></form>
        <nav class="links" aria-label="Library"><a href="/import">Import</a> <a href="/trash">Trash</a> <a href="/stats">Statistics</a></nav>
        </header>
        """
    }

    private func controls(path: String?, sort: LibrarySort, filter: LibraryFilter) -> String {
        let sorts = LibrarySort.allCases.map { "<option value=\"\($0.rawValue)\"\($0 == sort ? " selected" : "")>\($0.rawValue)</option>" }
        let filters = LibraryFilter.allCases.map { "<option value=\"\($0.rawValue)\"\($0 == filter ? " selected" : "")>\($0.rawValue)</option>" }
        return """
            <form class="controls" method="get" action="/">\(path.map { "<input type=\"hidden\" name=\"folder\" value=\"\(HTML.escape($0))\">" } ?? "")
            <label>Sort <select name="sort">\(sorts.joined())</select></label>
            <label>Show <select name="filter">\(filters.joined())</select></label>
            <button type="submit">Apply</button></form>
            """
    }

    private func percent(_ document: DocumentSummary) -> String {
        document.finished ? "finished" : "\(Int((document.progress * 100).rounded())) %"
    }

    private func timeLeft(_ document: DocumentSummary) -> Double {
        let left = document.finished ? 0 : Double(document.spokenWordCount) * (1 - document.progress)
        return speak.readingTime(words: Int(left), speed: document.speed)
    }

    private func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? text
    }
}
