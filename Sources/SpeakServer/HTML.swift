/// HTML built by hand: text escaped where it goes in, one page shell for every page.
enum HTML {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A whole page: the shared style sheet, the page's own script when it has one, and a
    /// skip link to the main content for keyboard and screen-reader users.
    static func page(title: String, body: String, script: String? = nil, bodyAttributes: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) — speak</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/assets/speak.css">
        \(script.map { "<script src=\"/assets/\($0)\" defer></script>" } ?? "")
        </head>
        <body\(bodyAttributes)>
        <a class="skip" href="#main">Skip to content</a>
        \(body)
        </body>
        </html>
        """
    }

    /// A duration as "1 h 05 min", "12 min" or "40 s".
    static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(1e9, max(0, seconds)).rounded()) : 0
        if total >= 3600 { return "\(total / 3600) h \(String(format: "%02d", total % 3600 / 60)) min" }
        if total >= 60 { return "\(total / 60) min" }
        return "\(total) s"
    }
}
