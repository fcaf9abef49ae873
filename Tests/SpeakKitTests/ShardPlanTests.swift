import Testing
import SpeakKit

/// The split of a batch into shards: every item in exactly one part, parts within the largest
/// item of each other, and the same parts whatever the order of the items.
@Suite struct ShardPlanTests {
    @Test func partsAreBalancedCompleteAndIndependentOfOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 1...40, using: &generator)
            let items = (0..<count).map { ShardPlan.Item(key: "doc\($0)", words: Int.random(in: 0...5000, using: &generator)) }
            for parts in 1...7 {
                let assigned = ShardPlan.assign(items, parts: parts)
                #expect(assigned.allSatisfy { (0..<parts).contains($0) })
                var loads = [Int](repeating: 0, count: parts)
                for (item, part) in zip(items, assigned) { loads[part] += item.words }
                #expect(loads.max()! - loads.min()! <= items.map(\.words).max()!, "\(loads)")
                let shuffled = items.shuffled(using: &generator)
                let again = Dictionary(uniqueKeysWithValues: zip(shuffled.map(\.key), ShardPlan.assign(shuffled, parts: parts)))
                #expect(zip(items, assigned).allSatisfy { again[$0.key] == $1 })
            }
        }
    }

    @Test func theSameDocumentTwiceIsOneInput() {
        let items = [ShardPlan.Item(key: "a", words: 10), ShardPlan.Item(key: "b", words: 10), ShardPlan.Item(key: "a", words: 10)]
        let assigned = ShardPlan.assign(items, parts: 2)
        #expect(assigned[0] == assigned[2] && assigned[0] != assigned[1])
    }

    @Test func theShardComesFromTheArgumentOrTheScheduler() throws {
        #expect(try ShardSpec.parse("2/5", count: nil, environment: [:]) == ShardSpec(index: 1, count: 5))
        #expect(try ShardSpec.parse("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "3"]) == ShardSpec(index: 3, count: 4))
        #expect(try ShardSpec.parse("auto", count: nil, environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4",
                                                                     "SLURM_ARRAY_TASK_COUNT": "2"]) == ShardSpec(index: 1, count: 2))
        #expect(throws: (any Error).self) { try ShardSpec.parse("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "4"]) }
        #expect(throws: (any Error).self) { try ShardSpec.parse("1/0", count: nil, environment: [:]) }
        #expect(throws: (any Error).self) { try ShardSpec.parse("2/5", count: 4, environment: [:]) }
    }
}
