/// Dates and times: "2026-11-24", "24/11/2026", "Nov. 24", "1 July 2025", "Jan. 6, 2026" →
/// "November twenty fourth, twenty twenty six"; "7:00 p.m." → "seven PM".
enum EnglishDates {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]
    static let abbreviations: [String: Int] = [
        "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "Jun": 6, "Jul": 7, "Aug": 8, "Sep": 9, "Sept": 9, "Oct": 10, "Nov": 11, "Dec": 12,
    ]
    static let days: [String: String] = [
        "Mon": "Monday", "Tue": "Tuesday", "Tues": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday", "Thur": "Thursday",
        "Thurs": "Thursday", "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday",
    ]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.isNumber {
            // "2019–present": a year to now.
            if year(s, i) != nil, let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s.glued(i + 1),
               let word = s[i + 2], ["present", "Present", "now", "today"].contains(word.text), s.glued(i + 2), let y = Int(tok.text) {
                return RuleMatch(end: i + 3, say: EnglishNumbers.year(y) + " to " + (word.text.lowercased() == "present" ? "the present" : word.text))
            }
            return numeric(s, i) ?? dayMonth(s, i) ?? time(s, i)
        }
        if tok.isWord {
            if ["am", "pm", "AM", "PM"].contains(tok.text), s.glued(i), s.t[safe: i - 1]?.isNumber == true, let dash = s[i + 1],
               ["–", "-", "—"].contains(dash.text), s.glued(i + 1) {
                return plainMeridiem(s, i)
            }
            return monthDay(s, i) ?? weekday(s, i) ?? meridiem(s, i) ?? joinedByDash(s, i)
        }
        // "June 2025–May 2026": from one month to another.
        if ["–", "-", "—"].contains(tok.text), s.glued(i), s.glued(i + 1), let year = s.t[safe: i - 1], year.isInteger, year.text.count == 4,
           let month = s[i + 1], months.contains(month.text) {
            return RuleMatch(end: i + 1, say: "to")
        }
        return nil
    }

    /// The month a word names, and the token after it (past an abbreviation's period).
    static func month(_ s: Scan, _ i: Int) -> (month: Int, next: Int)? {
        guard let tok = s[i], tok.isWord, tok.isCapitalized else { return nil }
        if let full = months.firstIndex(of: tok.text) { return (full + 1, i + 1) }
        if let m = abbreviations[tok.text] {
            if s[i + 1]?.is(".") == true, s.glued(i + 1) { return (m, i + 2) }
            if s[i + 1]?.isInteger == true { return (m, i + 1) }
            // "1 Jan–31 Mar": before a dash, and after a day.
            if let dash = s[i + 1], ["–", "-"].contains(dash.text), s.glued(i + 1), s[i + 2]?.isInteger == true { return (m, i + 1) }
            if s.t[safe: i - 1]?.isInteger == true, tok.spaceBefore, s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true { return (m, i + 1) }
        }
        return nil
    }

    static func date(month: Int, day: Int?, year: Int?) -> String {
        var out = months[month - 1]
        if let day { out += " " + EnglishNumbers.ordinal(day) }
        if let year { out += (day == nil ? " " : ", ") + EnglishNumbers.year(year) }
        return out
    }

    /// A day number, with its ordinal suffix if written: "24", "24th". Returns the day and the next token.
    static func day(_ s: Scan, _ i: Int) -> (Int, Int)? {
        guard let tok = s[i], tok.isInteger, tok.text.count <= 2, let d = Int(tok.text), (1...31).contains(d) else { return nil }
        if let suffix = s[i + 1], s.glued(i + 1), ["st", "nd", "rd", "th"].contains(suffix.text) { return (d, i + 2) }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        return (d, i + 1)
    }

    static func year(_ s: Scan, _ i: Int) -> Int? {
        guard let tok = s[i], tok.isInteger, tok.text.count == 4, let y = Int(tok.text), (1000...2999).contains(y) else { return nil }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        return y
    }

    /// "Nov. 24", "November 24th, 2026", "Jan. 6, 2026", "July 2025".
    static func monthDay(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let (m, next) = month(s, i) else { return nil }
        if let (d, after) = day(s, next) {
            // "June 1–3, 2023": June first to third.
            if let dash = s[after], ["–", "-"].contains(dash.text), s.glued(after), let (d2, after2) = day(s, after + 1), d2 > d, s.glued(after + 1) {
                var say = months[m - 1] + " " + EnglishNumbers.ordinal(d) + " to " + EnglishNumbers.ordinal(d2)
                var end = after2
                if s[after2]?.is(",") == true, let y = year(s, after2 + 1) { say += ", " + EnglishNumbers.year(y); end = after2 + 2 }
                else if let y = year(s, after2) { say += ", " + EnglishNumbers.year(y); end = after2 + 1 }
                return RuleMatch(end: end, say: say)
            }
            // "Dec 24–Jan 2": to another month's day.
            if let dash = s[after], ["–", "-", "—"].contains(dash.text), let (m2, next2) = month(s, after + 1), let (d2, after2) = day(s, next2) {
                return RuleMatch(end: after2, say: date(month: m, day: d, year: nil) + " to " + date(month: m2, day: d2, year: nil))
            }
            if s[after]?.is(",") == true, let y = year(s, after + 1) { return RuleMatch(end: after + 2, say: date(month: m, day: d, year: y)) }
            if let y = year(s, after) { return RuleMatch(end: after + 1, say: date(month: m, day: d, year: y)) }
            return RuleMatch(end: after, say: date(month: m, day: d, year: nil))
        }
        if let y = year(s, next) { return RuleMatch(end: next + 1, say: date(month: m, day: nil, year: y)) }
        if next > i + 1 { return RuleMatch(end: next, say: months[m - 1]) }  // "Nov." alone
        return nil
    }

    /// "1 July 2025", "24th of November", "6 Jan. 2026".
    static func dayMonth(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let (d, next) = day(s, i) else { return nil }
        // "15-Mar-2026": day, month and year joined by hyphens.
        if s[next]?.is("-") == true, s.glued(next), let name = s[next + 1], s.glued(next + 1),
           let m = months.firstIndex(of: name.text).map({ $0 + 1 }) ?? abbreviations[name.text], s[next + 2]?.is("-") == true,
           s.glued(next + 2), s.glued(next + 3), let y = year(s, next + 3) {
            return RuleMatch(end: next + 4, say: date(month: m, day: d, year: y))
        }
        // "24th–26th May", "24–26 May": days of one month; "13th–15th centuries": ordinals.
        if let dash = s[next], ["–", "-"].contains(dash.text), s.glued(next), s.glued(next + 1), let (d2, next2) = day(s, next + 1), d2 > d {
            let range = EnglishNumbers.ordinal(d) + " to " + EnglishNumbers.ordinal(d2)
            if let (m, after) = month(s, next2), s[next2]?.spaceBefore == true {
                if let y = year(s, after) { return RuleMatch(end: after + 1, say: range + " of " + months[m - 1] + ", " + EnglishNumbers.year(y)) }
                return RuleMatch(end: after, say: range + " of " + months[m - 1])
            }
            if next == i + 2, next2 == next + 3 { return RuleMatch(end: next2, say: range) }
        }
        var at = next
        var of = false
        if s.lower(at) == "of" { at += 1; of = true }
        guard let (m, after) = month(s, at) else { return nil }
        // "3 May" is a date; "3 March" too, but "the 5 of May" needs an ordinal: keep it plain.
        if of, next == i + 1 { return nil }
        // "the 1st of May" is said as written: the first of May.
        if of {
            var say = EnglishNumbers.ordinal(d) + " of " + months[m - 1]
            var end = after
            if let y = year(s, after) { say += ", " + EnglishNumbers.year(y); end = after + 1 }
            return RuleMatch(end: end, say: say)
        }
        var end = after
        var y: Int?
        if let year = year(s, after) { y = year; end = after + 1 }
        else if s[after]?.is(",") == true, let year = year(s, after + 1) { y = year; end = after + 2 }
        // "1 Jan–31 Mar": to the next day and month.
        if y == nil, let dash = s[end], ["–", "-"].contains(dash.text), s.glued(end), s.glued(end + 1), let (_, next2) = day(s, end + 1),
           month(s, next2) != nil {
            return RuleMatch(end: end + 1, say: date(month: m, day: d, year: nil) + " to")
        }
        return RuleMatch(end: end, say: date(month: m, day: d, year: y))
    }

    /// "noon–2 p.m.": from noon; "Jan–Mar 2024": from one month to the next.
    static func joinedByDash(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s.glued(i + 1), let next = s[i + 2] else { return nil }
        if ["noon", "midnight"].contains(tok.text.lowercased()), next.isNumber { return RuleMatch(end: i + 2, say: tok.text + " to") }
        let monthOf: (String) -> Int? = { text in months.firstIndex(of: text).map { $0 + 1 } ?? abbreviations[text] }
        guard let m = monthOf(tok.text), s.glued(i + 2), monthOf(next.text) != nil else { return nil }
        return RuleMatch(end: i + 2, say: months[m - 1] + " to")
    }

    /// "expires 09/27" (a card's month and year), "falls on 3/14" (a month and a day): the
    /// numbers `x`/`y` at `i` as a date.
    static func slashed(_ s: Scan, _ i: Int, _ x: Int, _ y: Int) -> RuleMatch? {
        // "expires 09/27": a card's month and year.
        if s.t[i].text.count == 2, s.t[i + 2].text.count == 2, (1...12).contains(x),
           ["expires", "expiry", "exp", "expiration", "expiring", "expired", "thru", "valid"].contains(s.lower(i - 1) ?? "") {
            return RuleMatch(end: i + 3, say: months[x - 1] + " " + EnglishNumbers.year(2000 + y))
        }
        // "Pi Day falls on 3/14", "due by 5/23": a date after a word that dates (not "on 1/4 of").
        if (1...12).contains(x), (1...31).contains(y), ["on", "by", "until", "till", "before", "after", "since", "due", "dated"].contains(s.lower(i - 1) ?? ""),
           y > 12 || ![2, 3, 4, 8].contains(y), s.lower(i + 3) != "of" {
            return RuleMatch(end: i + 3, say: date(month: x, day: y, year: nil))
        }
        return nil
    }

    /// "Tue." → "Tuesday".
    static func weekday(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let listed = weekdayList(s, i) { return listed }
        // "Sat 14 Jun": a day's abbreviation before a date.
        if let tok = s[i], let full = days[tok.text], full != tok.text, s[i + 1]?.isInteger == true, s[i + 1]?.spaceBefore == true,
           s.t[safe: i + 2].map({ months.contains($0.text) || abbreviations[$0.text] != nil }) == true {
            return RuleMatch(end: i + 1, say: full + ",")
        }
        guard let tok = s[i], let full = days[tok.text], s[i + 1]?.is(".") == true, s.glued(i + 1) else { return nil }
        // "the current Sun.": "Sun." is the day before a date, a time or a comma, or after "on", a
        // comma or the start ("Sun. 5 May", "Mon., Tue.", "on Sat.").
        let next = s[i + 2], prev = s.t[safe: i - 1]
        let dated = next.map { $0.isNumber || $0.is(",") || $0.is("-") || $0.is("–") || (months.contains($0.text) || abbreviations[$0.text] != nil) } ?? false
        guard tok.text != "Sun" || dated || prev == nil || prev.map({ [",", "(", "-", "–", "/"].contains($0.text) || ["on", "and", "or", "to", "through", "closed", "open", "opens", "except", "until", "till", "from", "by", "every", "next", "last", "this"].contains($0.text.lowercased()) }) == true else { return nil }
        return RuleMatch(end: i + 2, say: full + (s.endsSentence(after: i + 1) && s[i + 2] != nil ? "." : ""))
    }

    /// "Mon–Fri" → Monday to Friday, "Mon/Wed/Fri" → Monday Wednesday Friday: days joined to days.
    static func weekdayList(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], let full = days[tok.text], full != tok.text else { return nil }
        if let mark = s[i + 1], s.glued(i + 1), ["/", "–", "-", "—"].contains(mark.text), let other = s[i + 2], s.glued(i + 2),
           days[other.text] != nil {
            return RuleMatch(end: i + 2, say: full + (mark.is("/") ? " " : " to "))
        }
        if let mark = s.t[safe: i - 1], s.glued(i), ["/", "–", "-", "—"].contains(mark.text), s.glued(i - 1),
           let other = s.t[safe: i - 2], days[other.text] != nil, s[i + 1].map({ !s.glued(i + 1) || !$0.isWord }) ?? true {
            return RuleMatch(end: i + 1, say: full)
        }
        return nil
    }

    static let timeZones: Set<String> = ["ET", "EST", "EDT", "CT", "CST", "CDT", "MT", "MST", "MDT", "PT", "PST", "PDT", "AKST",
                                         "HST", "GMT", "UTC", "BST", "CET", "CEST", "EET", "IST", "JST", "KST", "AEST", "AEDT", "NZST"]

    /// "a.m." / "p.m." → AM / PM (after a time or alone).
    static func meridiem(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], ["a", "p", "A", "P"].contains(tok.text), s[i + 1]?.is(".") == true, s.lower(i + 2) == "m",
              s.glued(i + 1), s.glued(i + 2) else { return nil }
        var end = s[i + 3]?.is(".") == true && s.glued(i + 3) ? i + 4 : i + 3
        // "8 p.m. ET": a time zone after the time, spelled, and no new sentence.
        if let zone = s[end], timeZones.contains(zone.text), zone.spaceBefore || end == i + 4,
           s[end + 1].map({ !s.glued(end + 1) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: end + 1, say: (tok.text.uppercased() == "A" ? "AM " : "PM ") + EnglishWords.spell(zone.text))
        }
        let sentenceEnds = end == i + 4 && s.endsSentence(after: i + 3) && s[end] != nil
        var say = tok.text.uppercased() == "A" ? "AM" : "PM" + (sentenceEnds ? "." : "")
        // "9 a.m.–5 p.m.": a range of times.
        if let dash = s[end], ["–", "-", "—"].contains(dash.text), s[end + 1]?.isNumber == true {
            say += " to"
            end += 1
        }
        return RuleMatch(end: end, say: say)
    }

    /// "2026-11-24", "24/11/2026", "11/24/2026", "24.11.2026".
    static func numeric(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        var parts: [String] = []
        var end = i + 1
        if tok.text.filter({ $0 == "." }).count == 2 {
            parts = tok.text.split(separator: ".").map(String.init)
        } else if tok.isInteger {
            parts = [tok.text]
            var j = i + 1
            var separator: String?
            while parts.count < 3, let sep = s[j], ["-", "/", "."].contains(sep.text), separator == nil || separator == sep.text,
                  let n = s[j + 1], n.isInteger, s.glued(j), s.glued(j + 1) {
                separator = sep.text
                parts.append(n.text)
                j += 2
            }
            end = j
        }
        guard parts.count == 3, let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2]) else { return nil }
        if let after = s[end], s.glued(end), after.isWord || after.isNumber { return nil }
        // "kernel 2.6.13", "v2.6.13", "2.6.13-rc2": a version, not the second of June.
        if tok.text.contains(".") {
            if let before = s.lower(i - 1), EnglishNumberRules.versionWords.contains(before) { return nil }
            if s[end]?.is("-") == true, s.glued(end), s[end + 1]?.isWord == true, s.glued(end + 1) { return nil }
            // Dotted dates are day first, and a two-digit year comes with a two-digit day and
            // month ("02.06.13"): "1.21.22" and "2.6.38" are versions.
            if parts[0].count != 4, parts[2].count == 2, b > 12 || parts[0].count != 2 || parts[1].count != 2 { return nil }
        }
        if parts[0].count == 4, (1...12).contains(b), (1...31).contains(c) {
            return RuleMatch(end: end, say: date(month: b, day: c, year: a))
        }
        guard parts[2].count == 4 || parts[2].count == 2 else { return nil }
        let year = parts[2].count == 2 ? (c < 50 ? 2000 + c : 1900 + c) : c
        if a > 12, (1...12).contains(b), a <= 31 { return RuleMatch(end: end, say: date(month: b, day: a, year: year)) }
        if (1...12).contains(a), (1...31).contains(b) {
            // Dotted dates are day first (European); slashed ones month first (US) unless the first cannot be a month.
            if tok.text.contains("."), b <= 12 { return RuleMatch(end: end, say: date(month: b, day: a, year: year)) }
            return RuleMatch(end: end, say: date(month: a, day: b, year: year))
        }
        return nil
    }

    /// "7:00 p.m." → "seven PM", "7:05" → "seven oh five", "14:00" → "fourteen hundred".
    static func time(_ s: Scan, _ i: Int) -> RuleMatch? {
        // "9.30 A.M.", "7.00 p.m.": British clock times, with their meridiem.
        if let tok = s[i], tok.isNumber, !tok.text.contains(":"), let dot = tok.text.firstIndex(of: "."), let mer = meridiem(s, i + 1) ?? plainMeridiem(s, i + 1),
           let h = Int(tok.text[..<dot]), let m = Int(tok.text[tok.text.index(after: dot)...]), tok.text.count - tok.text.distance(from: tok.text.startIndex, to: dot) == 3,
           (1...12).contains(h), m < 60 {
            return RuleMatch(end: mer.end, say: clock(h, m, suffix: " " + mer.say))
        }
        if let race = raceTime(s, i) { return race }
        guard let tok = s[i], tok.text.contains(":"), !tok.text.contains("."), !tok.text.contains(",") else { return nil }
        let parts = tok.text.split(separator: ":").map(String.init)
        // "The video runs 1:02:45": hours, minutes and seconds of a duration (a clock's after "at").
        if parts.count == 3, parts[0].count <= 2, parts[1].count == 2, parts[2].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
           let sec = Int(parts[2]), m < 60, sec < 60, !parts[0].hasPrefix("0"), durationWords.contains(s.lower(i - 1) ?? "") {
            let units = [(h, "hour"), (m, "minute"), (sec, "second")].filter { $0.0 > 0 || $0.1 == "second" && h == 0 && m == 0 }
            let said = units.map { EnglishNumbers.cardinal($0.0) + " " + $0.1 + ($0.0 == 1 ? "" : "s") }
            return RuleMatch(end: i + 1, say: said.joined(separator: ", "))
        }
        // "3:1", "16:9": a ratio.
        if parts.count == 2, parts[1].count == 1 || (parts[0].count <= 2 && (Int(parts[1]) ?? 0) < 10 && !parts[1].hasPrefix("0")) {
            return RuleMatch(end: i + 1, say: parts[0] + " to " + parts[1])
        }
        guard parts.count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), h < 25, m < 60 else { return nil }
        var end = i + 1
        var suffix = ""
        // "9:30–11:00 a.m.": a range of times, the second one carries the suffix for both.
        if let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s[i + 2]?.text.contains(":") == true, let second = time(s, i + 2) {
            return RuleMatch(end: second.end, say: clock(h, m, suffix: "", alone: false) + " to " + second.say)
        }
        if let mer = meridiem(s, i + 1) {
            suffix = " " + mer.say
            end = mer.end
        } else if let w = s[i + 1], ["am", "pm", "AM", "PM"].contains(w.text) {
            suffix = " " + w.text.uppercased()
            end = i + 2
        }
        return RuleMatch(end: end, say: clock(h, m, suffix: suffix))
    }

    /// Words before a duration ("runs 1:02:45"); a time stamp follows a date.
    static let durationWords: Set<String> = ["runs", "run", "lasts", "lasted", "last", "took", "takes", "take", "length", "duration",
                                             "runtime", "running", "clocked", "in", "time", "finished", "long", "is", "was", "of"]

    /// "ran the mile in 3:43.13": minutes, seconds and hundredths, as a race is timed.
    static func raceTime(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isNumber, let colon = tok.text.firstIndex(of: ":"), let dot = tok.text.firstIndex(of: "."), colon < dot,
              let m = Int(tok.text[..<colon]), tok.text.distance(from: colon, to: dot) == 3,
              let sec = Int(tok.text[tok.text.index(after: colon)..<dot]), sec < 60 else { return nil }
        let fraction = tok.text[tok.text.index(after: dot)...]
        guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isNumber) else { return nil }
        let seconds = (sec < 10 ? "oh " : "") + EnglishNumbers.cardinal(sec)
        return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(m) + " " + seconds + " point " + EnglishNumbers.digits(String(fraction)))
    }

    static func plainMeridiem(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let w = s[i], ["am", "pm", "AM", "PM"].contains(w.text) else { return nil }
        // "10am–6pm": a range of times.
        if let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s.glued(i + 1), s[i + 2]?.isNumber == true {
            return RuleMatch(end: i + 2, say: w.text.uppercased() + " to")
        }
        return RuleMatch(end: i + 1, say: w.text.uppercased())
    }

    static func clock(_ h: Int, _ m: Int, suffix: String, alone: Bool = true) -> String {
        let hour = EnglishNumbers.cardinal(h)
        let minutes: String
        if m == 0 { minutes = suffix.isEmpty ? (h > 12 || h == 0 ? " hundred" : alone ? " o'clock" : "") : "" }
        else if m < 10 { minutes = " oh " + EnglishNumbers.cardinal(m) }
        else { minutes = " " + EnglishNumbers.cardinal(m) }
        return hour + minutes + suffix
    }
}
