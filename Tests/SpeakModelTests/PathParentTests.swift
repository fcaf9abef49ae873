import SpeakModel
import Testing

/// `parentPath` says what `NSString.deletingLastPathComponent` says of a path, without its trap:
/// Foundation's (Swift 6.3 on Linux) stops the process on any name of one character ("a", "é",
/// a lone combining mark), which a folder of the library may be called.
@Suite struct PathParentTests {
    @Test(arguments: [("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("/a", "/"), ("/", "/"), ("", ""), ("/a/b/c", "/a/b"),
                      ("//a", "/"), ("a/b//", "a"), ("Papers/2024/Q1", "Papers/2024"), ("é/ü", "é"), ("Papers", "")])
    func asFoundationSaysIt(_ path: String, _ parent: String) {
        #expect(path.parentPath == parent)
    }

    @Test func namesOfOneCharacterHaveNoParent() {
        for name in ["a", "é", "\u{301}"] {
            #expect(name.parentPath == "")
            #expect("Papers/\(name)".parentPath == "Papers")
        }
        #expect("\u{301}/x".parentPath == "\u{301}")
        // A slash is a separator even with a combining mark after it.
        #expect("a/\u{301}b".parentPath == "a")
    }
}
