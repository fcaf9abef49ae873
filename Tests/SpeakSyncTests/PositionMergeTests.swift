import Foundation
import SpeakLibrary
@testable import SpeakSync
import Testing

@Suite struct PositionMergeTests {
    func change(_ device: String, _ sequence: Int64, word: Int, cause: PositionCause = .listen, at time: Double,
                seen: Int64 = 0, order: Int64? = nil, offset: Double = 0) -> SyncedPosition {
        SyncedPosition(device: device, sequence: sequence, document: "sha256:d", word: word, cause: cause, wallTime: time - offset,
                       seen: seen, order: order, clockOffset: offset)
    }

    @Test func aRewindOnThePhoneBeatsAFurtherPositionFromYesterdaysLaptop() {
        let laptop = change("laptop", 7, word: 9_000, at: 1_000, order: 1)
        let phone = change("phone", 3, word: 4_000, cause: .rewind, at: 90_000, order: 2)
        #expect(PositionMerge.winner([laptop, phone]) == phone)
        #expect(PositionMerge.winner([phone, laptop]) == phone)
    }

    @Test func aChangeMadeKnowingAnotherReplacesItWhateverTheClocksSay() {
        // The phone's clock is an hour slow: by its clock its later rewind looks older.
        let laptop = change("laptop", 1, word: 5_000, at: 10_000, order: 1)
        let phone = change("phone", 1, word: 2_000, cause: .rewind, at: 10_600, seen: 1, order: 2, offset: 3_600)
        #expect(PositionMerge.winner([laptop, phone]) == phone)
        // The same phone, never told of the laptop's change, but its clock corrected: still newer.
        let unaware = change("phone", 1, word: 2_000, cause: .rewind, at: 10_600, order: 2, offset: 3_600)
        #expect(PositionMerge.winner([laptop, unaware]) == unaware)
    }

    @Test func inACloseCallADeliberateMoveBeatsListeningElsewhere() {
        let rewind = change("phone", 1, word: 1_000, cause: .rewind, at: 5_000, order: 1)
        let playing = change("laptop", 1, word: 6_000, at: 5_060, order: 2)
        #expect(PositionMerge.winner([rewind, playing]) == rewind)
        // Long after, the laptop's listening is the newer news.
        let later = change("laptop", 2, word: 6_500, at: 9_000, order: 3)
        #expect(PositionMerge.winner([rewind, playing, later]) == later)
        // A device's own later change always replaces its earlier one.
        let own = change("phone", 2, word: 1_100, at: 5_001, order: 4)
        #expect(PositionMerge.winner([rewind, own]) == own)
        #expect(PositionMerge.winner([]) == nil)
    }

    /// Three devices (one clock an hour fast, one half an hour slow) listening, seeking,
    /// rewinding, going offline and syncing at random for 2,000 steps: at every sync the
    /// device holds the position the simple model says (the most recent change the server
    /// has), and at the end every device knows every change.
    @Test(arguments: [1, 2, 3]) func randomDevicesAgreeWithTheModel(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let offsets = ["a": 0.0, "b": 3_600, "c": -1_800]
        var server: [SyncedPosition] = []
        var known: [String: [SyncedPosition]] = ["a": [], "b": [], "c": []]
        var unsent: [String: [SyncedPosition]] = ["a": [], "b": [], "c": []]
        var seen: [String: Int64] = ["a": 0, "b": 0, "c": 0]
        var sequence: [String: Int64] = ["a": 0, "b": 0, "c": 0]
        var now = 1_000_000.0, made = 0
        for _ in 0..<2_000 {
            now += 300 + Double(random.next() % 600)
            let device = ["a", "b", "c"][Int(random.next() % 3)]
            let current = PositionMerge.winner(known[device] ?? [])?.word ?? 0
            if random.next() % 3 == 0 {
                // Sync: push what the server lacks, then pull everything.
                for var change in unsent[device] ?? [] {
                    change.order = Int64(server.count + 1)
                    change.clockOffset = -(offsets[device] ?? 0)
                    server.append(change)
                }
                unsent[device] = []
                known[device] = server
                seen[device] = Int64(server.count)
                let model = server.max { $0.wallTime - offsets[$0.device, default: 0] < $1.wallTime - offsets[$1.device, default: 0] }
                #expect(PositionMerge.winner(known[device] ?? [])?.word == model?.word)
            } else {
                let (word, cause): (Int, PositionCause) = switch random.next() % 4 {
                case 0: (current + 500 + Int(random.next() % 5_000), .seek)
                case 1: (max(0, current - 1 - Int(random.next() % 2_000)), .rewind)
                case 2: (current + Int(random.next() % 300), .listen)
                default: (100_000, .finish)
                }
                sequence[device, default: 0] += 1
                let change = SyncedPosition(device: device, sequence: sequence[device] ?? 0, document: "sha256:d", word: word, cause: cause,
                                            wallTime: now + (offsets[device] ?? 0), seen: seen[device] ?? 0)
                known[device, default: []].append(change)
                unsent[device, default: []].append(change)
                made += 1
            }
        }
        for device in ["a", "b", "c"] {
            for var change in unsent[device] ?? [] {
                change.order = Int64(server.count + 1)
                server.append(change)
            }
        }
        #expect(server.count == made, "every change reaches the server")
        #expect(Set(server.map { "\($0.device)/\($0.sequence)" }).count == made)
    }
}

/// A small seeded generator: the same steps on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
