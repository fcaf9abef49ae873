import CLibXML2

/// Facts about the linked libxml2 library, used by the HTML importer.
public enum LibXML2Library {
    /// The compiled-against version ("2.9.14"), after checking the runtime library matches.
    public static var version: String {
        // xmlCheckVersion aborts on a major mismatch only; its side effect initializes the parser.
        xmlCheckVersion(LIBXML_VERSION)
        guard let cString = speak_xml_version() else { return "unknown" }
        return String(cString: cString)
    }
}
