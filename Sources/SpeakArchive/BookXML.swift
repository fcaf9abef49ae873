import Foundation

/// A small XML tree for the package files of books and office documents (container, OPF,
/// NCX, navigation, WordprocessingML, ODF):
/// elements by local name (prefixes dropped), attributes as written, text joined.
public final class BookXML {
    public let name: String
    public let attributes: [String: String]
    /// Text and elements in document order (a link's "<span>I</span>: A Letter" keeps its order).
    public enum Part {
        case text(String)
        case element(BookXML)
    }
    public internal(set) var parts: [Part] = []

    /// Child elements, in order.
    public var children: [BookXML] {
        parts.compactMap { if case .element(let child) = $0 { child } else { nil } }
    }

    public init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Parses `data`; nil when it is not well-formed XML. Nothing outside it is loaded (no DTD,
    /// no network), and libxml2's limits on depth and entity expansion apply.
    public static func parse(_ data: Data) -> BookXML? {
        LibXML2Reader.parse(data)
    }

    public subscript(attribute: String) -> String? {
        attributes[attribute] ?? attributes.first { $0.key.hasSuffix(":" + attribute) }?.value
    }

    /// Descendants (and this element) named `name`, in document order.
    public func all(_ name: String) -> [BookXML] {
        var out: [BookXML] = []
        var stack: [BookXML] = [self]
        while let node = stack.popLast() {
            if node.name == name { out.append(node) }
            stack += node.children.reversed()
        }
        return out
    }

    public func first(_ name: String) -> BookXML? { all(name).first }

    /// Children named `name`.
    public func children(_ name: String) -> [BookXML] { children.filter { $0.name == name } }

    /// The text of this element and its descendants, whitespace collapsed.
    public var fullText: String {
        rawText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The text as written, whitespace kept (a Word run's "Hello " then "world").
    public var rawText: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .element(let child): child.rawText
            }
        }.joined()
    }
}
