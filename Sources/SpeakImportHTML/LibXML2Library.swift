import CLibXML2
import Foundation

/// The only file that talks to libxml2: parses a page and copies what a reader needs into an
/// `HTMLTree`. The bytes must already be UTF-8 — the importer decides the encoding, because
/// libxml2 switches undeclared input to Latin-1 at the first invalid byte.
public enum LibXML2Library {
    /// The compiled-against version ("2.9.14"), after checking the runtime library matches.
    public static var version: String {
        // xmlCheckVersion aborts on a major mismatch only; its side effect initializes the parser.
        xmlCheckVersion(LIBXML_VERSION)
        guard let cString = speak_xml_version() else { return "unknown" }
        return String(cString: cString)
    }

    private static let initialized: Bool = {
        xmlInitParser()
        // Recovered errors are the normal case for real pages; never let them reach stderr.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        return true
    }()

    /// Elements whose content is never read: code, styling, embedded media and controls.
    /// (`noscript` is not one: what it says is on the screen of a browser without scripts, so it
    /// is kept as a hidden element.)
    static func isSkipped(_ tag: Tag) -> Bool {
        switch tag {
        case .script, .style, .template, .svg, .math, .iframe, .canvas, .object, .embed,
             .video, .audio, .select, .textarea, .button, .input, .option, .map, .dialog: true
        default: false
        }
    }

    static let keptAttributes: Set<String> = [
        "id", "class", "role", "itemprop", "itemtype", "lang", "name", "property", "content", "rel", "href",
        "datetime", "type", "alt", "start", "value", "reversed", "epub:type",
    ]

    /// `keptAttributes` and `aria-hidden`, packed, compared without making Strings.
    private static let keptAttributeTags: [(tag: Tag, name: String)] =
        (keptAttributes.sorted() + ["aria-hidden"]).map { (Tag($0), $0) }

    /// Parses UTF-8 HTML that `HTMLPrefilter` has already cut. Returns nil when libxml2 finds
    /// no document at all.
    static func parse(utf8 data: Data) -> HTMLTree? {
        _ = initialized
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue
            // Without it libxml2 stops at 256 levels of nesting and the rest of the page is lost;
            // the copy below flattens deep nesting itself.
            | XML_PARSE_HUGE.rawValue)
        let document = data.withUnsafeBytes { raw -> htmlDocPtr? in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress, raw.count < Int(Int32.max) else { return nil }
            return htmlReadMemory(base, Int32(raw.count), nil, "UTF-8", options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        return convert(root)
    }

    /// Copies the tree iteratively (pages nest tens of thousands of elements deep).
    private static func convert(_ root: xmlNodePtr) -> HTMLTree {
        let html = HTMLElement(name: "html", attributes: attributes(of: root))
        var tree = HTMLTree(root: html, body: html, language: html["lang"])
        var stack: [(next: xmlNodePtr?, parent: HTMLElement, depth: Int)] = [(root.pointee.children, html, 1)]
        while let top = stack.last {
            guard let node = top.next else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = node.pointee.next
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { top.parent.children.append(.text(String(cString: content))) }
            case XML_ELEMENT_NODE:
                guard let namePointer = node.pointee.name else { continue }
                let tag = Tag(cString: namePointer)
                let attributes = attributes(of: node)
                if let label = controlLabel(tag, attributes, node) {
                    // A control's label stays as a leaf of its own, outside every text measure.
                    let control = HTMLElement(name: "speak-control", tag: .control, parent: top.parent)
                    control.isHidden = top.parent.isHidden || isHidden(attributes, node)
                    control.children = [.text(label)]
                    top.parent.children.append(.element(control))
                    continue
                }
                if take(tag, attributes, node, into: &tree) { continue }
                let name = String(cString: namePointer)
                if top.depth >= HTMLTree.maximumDepth {
                    stack.append((node.pointee.children, top.parent, top.depth))
                    continue
                }
                let element = HTMLElement(name: name, tag: tag, attributes: attributes, parent: top.parent)
                // Hidden elements stay in the tree, marked: never read or scored, but kept as
                // skipped blocks (aria-hidden text is on the screen, only not announced).
                element.isHidden = top.parent.isHidden || tag == .noscript || isHidden(attributes, node)
                top.parent.children.append(.element(element))
                stack.append((node.pointee.children, element, top.depth + 1))
            default:
                continue
            }
        }
        if let body = html.elements.first(where: { $0.tag == .body }) { tree.body = body }
        return tree
    }

    /// Head elements and skipped elements: records what they say; true when they are consumed.
    private static func take(_ tag: Tag, _ attributes: HTMLAttributes, _ node: xmlNodePtr, into tree: inout HTMLTree) -> Bool {
        switch tag {
        case .title:
            if tree.title == nil { tree.title = text(of: node) }
            return true
        case .meta:
            if let key = (attributes["property"] ?? attributes["name"] ?? attributes["itemprop"])?.lowercased(),
               let content = attributes["content"], tree.meta[key] == nil {
                tree.meta[key] = content
            }
            return true
        case .link:
            let rel = attributes["rel"]?.lowercased().split(separator: " ") ?? []
            if rel.contains("canonical"), tree.canonical == nil { tree.canonical = attributes["href"] }
            if rel.contains("stylesheet"), let sheet = attributes["href"] { tree.stylesheets.append(sheet) }
            return true
        case .script:
            if attributes["type"]?.lowercased().contains("ld+json") == true { tree.jsonLD.append(text(of: node)) }
            return true
        case .head:
            return false
        default:
            return isSkipped(tag)
        }
    }

    /// What a button or a submit, reset or button field shows; nil for other elements.
    private static func controlLabel(_ tag: Tag, _ attributes: HTMLAttributes, _ node: xmlNodePtr) -> String? {
        let label: String
        switch tag {
        case .button: label = text(of: node)
        case .input:
            guard ["submit", "button", "reset"].contains(attributes["type"]?.lowercased() ?? "") else { return nil }
            label = attributes["value"] ?? ""
        default: return nil
        }
        let collapsed = BlockEmitter.collapse(label)
        return collapsed.isEmpty ? nil : collapsed
    }

    private static func isHidden(_ attributes: HTMLAttributes, _ node: xmlNodePtr) -> Bool {
        if xmlHasProp(node, "hidden") != nil { return true }
        if attributes["aria-hidden"]?.lowercased() == "true" { return true }
        guard let style = property(node, "style")?.lowercased().filter({ !$0.isWhitespace }) else { return false }
        return style.contains("display:none") || style.contains("visibility:hidden")
    }

    private static func attributes(of node: xmlNodePtr) -> HTMLAttributes {
        var result = HTMLAttributes()
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            // libxml2's HTML parser lowercases names; only kept ones become Strings.
            guard let namePointer = current.pointee.name else { continue }
            let tag = Tag(cString: namePointer)
            guard let name = keptAttributeTags.first(where: { $0.tag == tag })?.name else { continue }
            result.set(name, current.pointee.children?.pointee.content.map { String(cString: $0) } ?? "")
        }
        return result
    }

    private static func property(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { speak_xml_free(value) }
        return String(cString: value)
    }

    private static func text(of node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { speak_xml_free(content) }
        return String(cString: content)
    }
}
