import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

extension Player {
    /// Plays on the calling thread until the end of the document, `stop()`, the sleep timer
    /// or a failure; the position is saved on the way out in every case.
    public func run() throws {
        let slice = max(1, sampleRate / 25)
        var piece = try nextAudible()
        var offset = 0
        var played = piece?.startSample ?? 0
        var upcoming = piece?.words ?? []
        var savedAtPause = false
        var reachedEnd = false
        lastSaved = clock()
        defer { finish(reachedEnd: reachedEnd) }
        while true {
            lock.lock()
            while status.paused, !status.ended, pending.isEmpty {
                if !savedAtPause {
                    savedAtPause = true
                    lock.unlock()
                    save()
                    lock.lock()
                    continue
                }
                lock.wait(until: Date().addingTimeInterval(0.25))
            }
            savedAtPause = false
            if status.ended {
                lock.unlock()
                return
            }
            let commands = pending
            pending.removeAll()
            let word = status.word
            lock.unlock()

            if !commands.isEmpty {
                sink.flush()
                let heard = Double(max(0, played - latencySamples)) / Double(sampleRate)
                for command in commands {
                    switch command {
                    case .skip(let seconds):
                        if try stream.skip(by: seconds, from: heard) == nil { piece = nil }
                    case .speed(let speed):
                        stream.change(settings: try settingsForSpeed(speed))
                        try stream.jump(toWord: word)
                        lock.lock()
                        status.speed = speed
                        lock.unlock()
                    case .jump(let target):
                        try stream.jump(toWord: target)
                    }
                }
                piece = try nextAudible()
                offset = 0
                played = piece?.startSample ?? played
                upcoming = piece?.words ?? []
                if let first = upcoming.first { hear(first) }
                continue
            }

            guard let current = piece else {
                reachedEnd = true
                sink.drain()
                for word in upcoming { hear(word) }
                return
            }
            if offset >= current.samples.count {
                piece = try nextAudible()
                offset = 0
                if let next = piece {
                    played = next.startSample
                    upcoming += next.words
                }
                continue
            }
            let end = min(offset + slice, current.samples.count)
            try current.samples[offset..<end].withUnsafeBufferPointer { buffer throws(AudioDeviceError) in try sink.write(buffer) }
            lock.lock()
            status.heardSeconds += Double(end - offset) / Double(sampleRate)
            lock.unlock()
            played = current.startSample + end
            offset = end
            let heardSample = played - latencySamples
            while let next = upcoming.first, next.startSample <= heardSample {
                upcoming.removeFirst()
                if !hear(next) { return }
            }
            if clock() - lastSaved >= 5 { save() }
            if let deadline = sleepDeadlineIfSet, clock() >= deadline { return }
        }
    }

    /// The next piece with audio (pieces that were only timed are skipped).
    private func nextAudible() throws -> SpeechPiece? {
        while let piece = try stream.next() {
            if !piece.samples.isEmpty { return piece }
        }
        return nil
    }

    /// A word is being heard: reported, and the position saved at a paragraph's end. False
    /// when the sleep timer ends playback at this word (the end of a chapter).
    @discardableResult
    private func hear(_ word: TimedWord) -> Bool {
        lock.lock()
        let previous = status.word
        let stopAtChapter = status.sleepAtChapterEnd
        lock.unlock()
        if stopAtChapter, word.index > previous,
           document.chapter(containingWord: word.index)?.firstWord != document.chapter(containingWord: previous)?.firstWord {
            return false
        }
        lock.lock()
        status.word = word.index
        status.wordsHeard += 1
        lock.unlock()
        onWord(word)
        if document.blockIndex(containingWord: word.index) != document.blockIndex(containingWord: previous) { save() }
        return true
    }

    private var sleepDeadlineIfSet: Double? {
        lock.lock()
        defer { lock.unlock() }
        return sleepDeadline
    }

    func save(finished: Bool = false) {
        lastSaved = clock()
        let current = snapshot
        onPosition(current.word, current.speed, finished)
    }

    private func finish(reachedEnd: Bool) {
        stream.cancel()
        lock.lock()
        status.ended = true
        status.finishedDocument = reachedEnd
        lock.unlock()
        save(finished: reachedEnd)
    }
}
