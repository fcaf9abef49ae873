import Foundation
import SpeakLibrary
import SpeakSync
import SpeakSyncPostgres
import Testing
import SpeakModel

/// Two server instances on one PostgreSQL database, as behind a load balancer: devices syncing
/// at the same time through either instance never miss a change (a change committed late
/// with a lower order number would be skipped by a device that had already seen past it).
@Suite(.enabled(if: Backend.postgresServer != nil, "needs SPEAK_TEST_POSTGRES (make test starts a server)"))
struct SharedDatabaseTests {
    @Test func devicesSyncingThroughTwoInstancesAtOnceMissNothing() throws {
        let url = try Backend.freshDatabase()
        let instances = try (0..<2).map { _ in AccountStore(database: try PostgresAccountDatabase(url: url), hashing: ReversedHashing()) }
        let account = try instances[0].create(name: "ada", password: "analytical engine")
        #expect(throws: AccountError.self) { try instances[1].create(name: "ADA", password: "analytical engine") }
        let devices = 4, rounds = 40
        let received = Locked<[Int: (orders: Set<Int64>, seen: Int64)]>([:])
        let problems = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: devices) { d in
            var seen: Int64 = 0
            var mine = Set<Int64>()
            for round in 1...rounds {
                let change = SyncedPosition(device: "device\(d)", sequence: Int64(round), document: "sha256:book", word: d * 1_000 + round,
                                            cause: .listen, wallTime: Date().timeIntervalSince1970, seen: seen)
                do {
                    let reply = try instances[round % 2].sync(account: account, device: "device\(d)", deviceTime: Date().timeIntervalSince1970,
                                                             seen: seen, changes: [change])
                    if let early = reply.changes.first(where: { ($0.order ?? 0) <= seen }) {
                        problems.withLock { $0.append("device\(d) got order \(early.order ?? 0) after seeing \(seen)") }
                    }
                    mine.formUnion(reply.changes.compactMap(\.order))
                    seen = reply.seen
                } catch {
                    problems.withLock { $0.append("device\(d) round \(round): \(error)") }
                }
            }
            received.withLock { $0[d] = (mine, seen) }
        }
        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0 }.prefix(5))")
        let all = try instances[1].sync(account: account, device: "auditor", deviceTime: Date().timeIntervalSince1970, seen: 0, changes: [])
        #expect(all.changes.count == devices * rounds)
        let everything = Set(all.changes.compactMap(\.order))
        for d in 0..<devices {
            // A device holds every change up to what it has seen: nothing below it was skipped.
            let (mine, seen) = received.withLock { $0[d] ?? ([], 0) }
            let missed = everything.filter { $0 <= seen }.subtracting(mine)
            #expect(missed.isEmpty, "device\(d) missed \(missed.sorted().prefix(5)) below \(seen)")
            let own = Set(all.changes.filter { $0.device == "device\(d)" }.compactMap(\.order))
            #expect(own.isSubset(of: mine), "device\(d) did not get its own changes back")
        }
    }
}
