/// 64-bit FNV-1a hashes of lower-cased words, for word sets that are large and built on every
/// import (the system word list, a document's vocabulary): hashing bytes is many times cheaper
/// than keeping sets of lower-cased strings, and a false match needs a 64-bit collision.
public enum WordHash {
    /// The hash of bytes, with ASCII capitals lower-cased.
    public static func of<Bytes: Sequence>(bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            value &*= 0x0000_0100_0000_01B3
        }
        return value
    }

    /// The hash of a word in any case and script.
    public static func of<Word: StringProtocol>(_ word: Word) -> UInt64 {
        word.utf8.allSatisfy { $0 < 0x80 } ? of(bytes: word.utf8) : of(bytes: word.lowercased().utf8)
    }
}
