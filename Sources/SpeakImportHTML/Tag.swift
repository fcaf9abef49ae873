/// An element or attribute name packed into two integers (up to 16 ASCII bytes; a longer name
/// packs to zero, matching none of those below). The switches over names that run for every
/// element of a page compare these, not Strings: a comparison of two unequal Strings takes a
/// slow path in the standard library, and these switches are mostly unequal comparisons.
struct Tag: Equatable {
    let low: UInt64
    let high: UInt64

    init(_ name: String) {
        var low: UInt64 = 0, high: UInt64 = 0
        var count = 0
        for byte in name.utf8 {
            guard count < 16 else { (low, high) = (0, 0); break }
            if count < 8 { low |= UInt64(byte) << (8 * UInt64(count)) } else { high |= UInt64(byte) << (8 * UInt64(count - 8)) }
            count += 1
        }
        self.low = low
        self.high = high
    }

    /// The name at `pointer` (a NUL-terminated C string).
    init(cString pointer: UnsafePointer<UInt8>) {
        var low: UInt64 = 0, high: UInt64 = 0
        var count = 0
        while pointer[count] != 0 {
            guard count < 16 else { (low, high) = (0, 0); break }
            let byte = UInt64(pointer[count])
            if count < 8 { low |= byte << (8 * UInt64(count)) } else { high |= byte << (8 * UInt64(count - 8)) }
            count += 1
        }
        self.low = low
        self.high = high
    }

    // Names the importer looks at for every element.
    static let a = Tag("a"), p = Tag("p"), br = Tag("br"), pre = Tag("pre"), td = Tag("td"), th = Tag("th")
    static let blockquote = Tag("blockquote"), div = Tag("div"), section = Tag("section"), article = Tag("article")
    static let main = Tag("main"), body = Tag("body"), html = Tag("html"), center = Tag("center"), font = Tag("font")
    static let span = Tag("span"), address = Tag("address"), ol = Tag("ol"), ul = Tag("ul"), dl = Tag("dl")
    static let dd = Tag("dd"), dt = Tag("dt"), li = Tag("li"), form = Tag("form"), aside = Tag("aside")
    static let nav = Tag("nav"), footer = Tag("footer"), header = Tag("header"), h1 = Tag("h1"), h2 = Tag("h2")
    static let h3 = Tag("h3"), h4 = Tag("h4"), h5 = Tag("h5"), h6 = Tag("h6")
    static let title = Tag("title"), meta = Tag("meta"), link = Tag("link"), script = Tag("script"), head = Tag("head")
    static let style = Tag("style"), noscript = Tag("noscript"), template = Tag("template"), svg = Tag("svg")
    static let math = Tag("math"), iframe = Tag("iframe"), canvas = Tag("canvas"), object = Tag("object")
    static let embed = Tag("embed"), video = Tag("video"), audio = Tag("audio"), select = Tag("select")
    static let textarea = Tag("textarea"), button = Tag("button"), input = Tag("input"), option = Tag("option")
    /// A button's or a submit field's label, made by the parser (`LibXML2Library`).
    static let control = Tag("speak-control"), img = Tag("img")
    static let map = Tag("map"), dialog = Tag("dialog"), menu = Tag("menu"), sup = Tag("sup")

    /// Elements inside a line of text.
    var isHeading: Bool { self == .h1 || self == .h2 || self == .h3 || self == .h4 || self == .h5 || self == .h6 }

    static let inline: [Tag] = [
        "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font", "i",
        "ins", "kbd", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub",
        "sup", "time", "tt", "u", "var", "wbr", "label", "nobr", "img", "picture", "source",
    ].map(Tag.init)
}
