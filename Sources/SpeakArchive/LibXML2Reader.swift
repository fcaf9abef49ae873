import CLibXML2
import Foundation

/// The archive module's only door to libxml2: parses a package or office XML file with its XML
/// parser (not FoundationXML's XMLParser, which leaks an error object for every malformed
/// document and drops CDATA) and copies it into a `BookXML` tree.
enum LibXML2Reader {
    /// Entity references expanded per document, nested ones included; past it they are left
    /// out. Package files declare none; this bounds a document that declares many.
    static let maximumEntityExpansions = 10_000

    private static let initialized: Bool = {
        xmlInitParser()
        // A malformed file is reported by speak in one line; libxml2 must not print its own.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        return true
    }()

    static func parse(_ data: Data) -> BookXML? {
        _ = initialized
        // No RECOVER: a file that is not well formed is refused, as the importers expect. No
        // DTD loading and no network; libxml2's default limits (256 levels, 10 MB text nodes,
        // entity amplification) stay on.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = data.withUnsafeBytes { raw -> xmlDocPtr? in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress, raw.count < Int(Int32.max) else { return nil }
            return xmlReadMemory(base, Int32(raw.count), nil, nil, options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), let element = element(root) else { return nil }
        copyChildren(of: root, into: element)
        return element
    }

    /// Copies the content under `root` iteratively; entity references are followed into their
    /// declarations' content.
    private static func copyChildren(of root: xmlNodePtr, into top: BookXML) {
        var expansions = 0
        var stack: [(next: xmlNodePtr?, parent: BookXML)] = [(root.pointee.children, top)]
        while let frame = stack.last {
            guard let node = frame.next else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = node.pointee.next
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { frame.parent.parts.append(.text(String(cString: content))) }
            case XML_ELEMENT_NODE:
                guard let child = element(node) else { continue }
                frame.parent.parts.append(.element(child))
                stack.append((node.pointee.children, child))
            case XML_ENTITY_REF_NODE:
                // The reference's child is the entity declaration; its children are the content.
                guard expansions < maximumEntityExpansions, let declaration = node.pointee.children,
                      declaration.pointee.type == XML_ENTITY_DECL else { continue }
                expansions += 1
                stack.append((declaration.pointee.children, frame.parent))
            default:
                continue
            }
        }
    }

    private static func element(_ node: xmlNodePtr) -> BookXML? {
        guard let name = node.pointee.name else { return nil }
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let local = current.pointee.name else { continue }
            // Names as written ("w:val"), as BookXML's readers look them up.
            var key = String(cString: local)
            if let prefix = current.pointee.ns?.pointee.prefix { key = String(cString: prefix) + ":" + key }
            attributes[key] = value(of: current)
        }
        return BookXML(name: String(cString: name), attributes: attributes)
    }

    /// An attribute's value: its text children joined (entities in attributes are already
    /// replaced by the parser).
    private static func value(of attribute: xmlAttrPtr) -> String {
        var out = ""
        var child = attribute.pointee.children
        while let node = child {
            if let content = node.pointee.content { out += String(cString: content) }
            child = node.pointee.next
        }
        return out
    }
}
