import Foundation
import SpeakLibrary
import SpeakSync
import Testing

/// A sync asked for while a document plays (the player's `y`): the playback's own saves, a
/// few seconds old, must not hide where another device went on meanwhile; an older change of
/// another device arriving late must not take the listener back.
@Suite struct PlayingSyncTests {
    let clock = TestClock()

    /// Two devices with the same book and one account; `sync(d, playing:)` sends and takes everything.
    struct Devices {
        let server: AccountStore
        let account: Account
        let stores: [LibraryStore]
        let ids: [Int64]

        @discardableResult
        func sync(_ d: Int, at time: Date, playing: PlayingPlace? = nil) throws -> IncomingOutcome {
            let outgoing = try stores[d].outgoingChanges(limit: 10_000)
            let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: time.timeIntervalSince1970,
                                        seen: outgoing.seen, changes: outgoing.changes)
            return try stores[d].receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, playing: playing,
                                         merge: PositionMerge.winner)
        }

        func position(_ d: Int) throws -> Int? { try stores[d].summary(id: ids[d]).position }
        func save(_ d: Int, _ word: Int, at time: Date) throws { try stores[d].savePosition(documentID: ids[d], wordIndex: word, at: time) }
    }

    func devices() throws -> Devices {
        let server = AccountStore(database: try Backend.sqlite.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let stores = try (0..<2).map { _ in
            try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-device-\(UUID())"))
        }
        return Devices(server: server, account: account, stores: stores, ids: try stores.map { try $0.insert(SyncSystemTests.book()).id })
    }

    @Test func playbackGoesWhereTheOtherDeviceWentOnMeanwhile() throws {
        let devices = try devices()
        let (phone, laptop) = (0, 1)
        try devices.save(phone, 10, at: clock.now)
        clock.advance(60)
        try devices.save(phone, 20, at: clock.now)
        try devices.sync(phone, at: clock.now)
        let phoneSince = clock.now.timeIntervalSince1970

        clock.advance(240)
        try devices.save(laptop, 600, at: clock.now)
        clock.advance(60)
        try devices.save(laptop, 610, at: clock.now)
        try devices.sync(laptop, at: clock.now)

        // The phone plays from 20 and has saved its listening before the sync is asked for.
        clock.advance(240)
        try devices.save(phone, 40, at: clock.now)
        let playing = PlayingPlace(documentID: devices.ids[phone], word: 20, since: phoneSince)
        let outcome = try devices.sync(phone, at: clock.now, playing: playing)
        #expect(outcome.moved.map(\.word) == [610])
        #expect(try devices.position(phone) == 610)
    }

    /// The reader page's case: the phone jumped (a deliberate move), listened on from there,
    /// and the page's report extends that same stretch after the page opened. At the page's
    /// opening the phone was listening, so the laptop's newer listening wins the close call.
    @Test func aStretchGoneOnWithAfterPlayingBeganCountsAsListening() throws {
        let devices = try devices()
        let (phone, laptop) = (0, 1)
        try devices.save(phone, 10, at: clock.now)
        try devices.sync(phone, at: clock.now)
        clock.advance(5)
        try devices.save(phone, 604, at: clock.now)
        clock.advance(1)
        try devices.save(phone, 605, at: clock.now)
        let since = clock.now.timeIntervalSince1970

        clock.advance(5)
        try devices.save(laptop, 600, at: clock.now)
        clock.advance(10)
        try devices.save(laptop, 609, at: clock.now)
        try devices.sync(laptop, at: clock.now)

        clock.advance(5)
        try devices.save(phone, 607, at: clock.now)
        let outcome = try devices.sync(phone, at: clock.now, playing: PlayingPlace(documentID: devices.ids[phone], word: 605, since: since))
        #expect(outcome.moved.map(\.word) == [609])
        #expect(try devices.position(phone) == 609)
    }

    @Test func withoutPlayingTheNewestListeningHolds() throws {
        let devices = try devices()
        try devices.save(0, 20, at: clock.now)
        try devices.sync(0, at: clock.now)
        clock.advance(300)
        try devices.save(1, 600, at: clock.now)
        try devices.sync(1, at: clock.now)
        clock.advance(240)
        try devices.save(0, 40, at: clock.now)
        #expect(try devices.sync(0, at: clock.now).moved.isEmpty)
        #expect(try devices.position(0) == 40)
    }

    @Test func aLateChangeOfTheOtherDeviceDoesNotTakePlaybackBack() throws {
        let devices = try devices()
        let (phone, laptop) = (0, 1)
        // The laptop's change, made offline, is older than where the phone began to play.
        try devices.save(laptop, 600, at: clock.now)
        clock.advance(3_600)
        try devices.save(phone, 2_000, at: clock.now)
        let phoneSince = clock.now.timeIntervalSince1970
        clock.advance(60)
        try devices.sync(laptop, at: clock.now)
        clock.advance(30)
        try devices.save(phone, 2_050, at: clock.now)
        let playing = PlayingPlace(documentID: devices.ids[phone], word: 2_000, since: phoneSince)
        #expect(try devices.sync(phone, at: clock.now, playing: playing).moved.isEmpty)
        #expect(try devices.position(phone) == 2_050)
    }
}

/// A speed another device sent that no player can take (0, a tiny number) made every "time
/// left" infinite, and the library page of the server trapped converting it (found by the
/// `server` fuzzer): it is kept between 0.5× and 4.5×, or not taken.
@Suite struct SyncedSpeedTests {
    let clock = TestClock()

    @Test(arguments: [0.0, 1e-300, -2.0, 1e300]) func aSpeedNoPlayerCanTakeIsNotTaken(speed: Double) throws {
        let server = AccountStore(database: try Backend.sqlite.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let store = try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-device-\(UUID())"))
        let id = try store.insert(SyncSystemTests.book()).id
        let change = SyncedPosition(device: "other-device", sequence: 1, document: "sha256:book", word: 120, speed: speed, cause: .listen,
                                    wallTime: clock.now.timeIntervalSince1970, seen: 0)
        let reply = try server.sync(account: account, device: "other-device", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [change])
        let outgoing = try store.outgoingChanges()
        let mine = try server.sync(account: account, device: outgoing.device.id, deviceTime: clock.now.timeIntervalSince1970,
                                   seen: outgoing.seen, changes: outgoing.changes)
        _ = reply
        _ = try store.receive(mine.changes, seen: mine.seen, clockOffset: mine.clockOffset, merge: PositionMerge.winner)
        let summary = try store.summary(id: id)
        #expect(summary.position == 120)
        let kept = summary.speed
        #expect(kept == nil || (0.5...4.5).contains(kept ?? 0), "\(String(describing: kept))")
        if speed > 0 { #expect(kept == min(4.5, max(0.5, speed))) } else { #expect(kept == nil) }
    }
}

@Suite struct ProgressRangeTests {
    let clock = TestClock()

    /// Another device's position out of the document's range is not a progress of billions
    /// of percent (the library page trapped converting it).
    @Test(arguments: [Int.min, -5, Int.max]) func progressStaysBetweenNothingAndAll(position: Int) throws {
        let server = AccountStore(database: try Backend.sqlite.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let store = try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-device-\(UUID())"))
        let id = try store.insert(SyncSystemTests.book()).id
        let change = SyncedPosition(device: "other-device", sequence: 1, document: "sha256:book", word: position, cause: .seek,
                                    wallTime: clock.now.timeIntervalSince1970, seen: 0)
        _ = try server.sync(account: account, device: "other-device", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [change])
        let outgoing = try store.outgoingChanges()
        let mine = try server.sync(account: account, device: outgoing.device.id, deviceTime: clock.now.timeIntervalSince1970,
                                   seen: outgoing.seen, changes: outgoing.changes)
        _ = try store.receive(mine.changes, seen: mine.seen, clockOffset: mine.clockOffset, merge: PositionMerge.winner)
        #expect((0...1).contains(try store.summary(id: id).progress))
    }
}
