import Foundation
import SpeakKit

/// The library as pages: a folder's documents and folders with `speak ls`'s columns (progress,
/// time left, length), sorting and filters, "continue listening", and search hits that open
/// the reader at their word.
struct LibraryPage {
    let speak: Speak

    /// The folder at `path` (nil: the top level), sorted and filtered.
    func render(path: String?, sort: LibrarySort, filter: LibraryFilter) throws -> String {
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
            let parent = (folder.path as NSString).deletingLastPathComponent
            body += "<p><a href=\"/\(parent.isEmpty ? "" : "?folder=" + query(parent))\">↑ Up</a></p>"
        }
        body += controls(path: path, sort: sort, filter: filter)
        if !listing.folders.isEmpty {
            body += "<h2>Folders</h2><ul class=\"folders\">"
            for sub in listing.folders {
                guard let folder = sub.folder else { continue }
                body += "<li><a href=\"/?folder=\(query(folder.path))\">\(HTML.escape(folder.name))/</a> "
                    + "<span class=\"muted\">\(sub.totalDocuments) document\(sub.totalDocuments == 1 ? "" : "s")</span></li>"
            }
            body += "</ul>"
        }
        if listing.documents.isEmpty {
            body += "<p>No documents here. Import some with <code>speak import FILE</code>.</p>"
        } else {
            body += """
                <table class="documents"><caption class="visually-hidden">Documents</caption>
                <thead><tr><th scope="col">Title</th><th scope="col">Progress</th><th scope="col">Left</th>
                <th scope="col">Words</th><th scope="col">Format</th></tr></thead><tbody>
                """
            for document in listing.documents {
                body += """
                    <tr><td><a href="/read/\(document.id)">\(HTML.escape(document.metadata.title))</a></td>
                    <td>\(percent(document))</td><td>\(HTML.duration(timeLeft(document)))</td>
                    <td>\(document.spokenWordCount)</td><td>\(document.metadata.format.rawValue)</td></tr>
                    """
            }
            body += "</tbody></table>"
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
