/// US states as news agencies abbreviate them, said in full where the place is clear: after a
/// city and a comma ("Monroe, La.," → Louisiana, "ST. JOSEPH, Mich." → Michigan) and in a
/// lawmaker's party and state ("Sen. Amy Klobuchar, D-Minn." → Democrat of Minnesota).
enum EnglishStates {
    static let states: [String: String] = [
        "Ala": "Alabama", "Ariz": "Arizona", "Ark": "Arkansas", "Calif": "California", "Colo": "Colorado", "Conn": "Connecticut",
        "Del": "Delaware", "Fla": "Florida", "Ga": "Georgia", "Ill": "Illinois", "Ind": "Indiana", "Kan": "Kansas", "Kans": "Kansas",
        "Ky": "Kentucky", "La": "Louisiana", "Md": "Maryland", "Mass": "Massachusetts", "Mich": "Michigan", "Minn": "Minnesota",
        "Miss": "Mississippi", "Mo": "Missouri", "Mont": "Montana", "Neb": "Nebraska", "Nev": "Nevada", "Okla": "Oklahoma",
        "Ore": "Oregon", "Pa": "Pennsylvania", "Tenn": "Tennessee", "Vt": "Vermont", "Va": "Virginia", "Wash": "Washington",
        "Wis": "Wisconsin", "Wyo": "Wyoming",
    ]
    /// Abbreviations with dots inside: "N.Y.", "W.Va.".
    static let dotted: [String: String] = [
        "N.H": "New Hampshire", "N.J": "New Jersey", "N.M": "New Mexico", "N.Y": "New York", "N.C": "North Carolina",
        "N.D": "North Dakota", "R.I": "Rhode Island", "S.C": "South Carolina", "S.D": "South Dakota", "W.Va": "West Virginia",
        "D.C": "D C",
    ]
    /// Abbreviations no English word shares, a state even where the sentence ends ("Palo Alto, Calif.").
    static let unambiguous: Set<String> = ["Calif", "Ariz", "Colo", "Conn", "Fla", "Okla", "Tenn", "Minn", "Mich", "Mass", "Neb", "Nev",
                                           "Wis", "Wyo", "Ala", "Ark", "Kan", "Kans", "Ky", "Md"]
    static let parties: [String: String] = ["D": "Democrat of", "R": "Republican of", "I": "Independent of"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord else { return nil }
        // "D-Minn.", "R-W.Va.", "D-Texas".
        if let party = parties[tok.text], s[i + 1]?.is("-") == true, s.glued(i + 1), s.glued(i + 2),
           s.t[safe: i - 1].map({ $0.is("(") || $0.is(",") }) ?? false, let (name, end) = state(s, i + 2, fullNames: true) {
            return RuleMatch(end: end, say: party + " " + name)
        }
        // "Monroe, La.,": a capitalized place, a comma, the state.
        guard s.t[safe: i - 1]?.is(",") == true, let place = s.t[safe: i - 2], place.isWord, place.isCapitalized,
              let (name, end) = state(s, i, fullNames: false) else { return nil }
        // AP style goes on with a comma, a bracket or a dash ("Monroe, La., said"); "\"Yes, Pa.\"" is a father.
        // A dotted one ("N.Y.", "W.Va.") may end the sentence too.
        guard s.t[safe: end].map({ [",", "(", "—", "–"].contains($0.text) }) == true || s.t[safe: i + 2]?.is(".") == true && s.t[safe: i + 1]?.is(".") == true
                || dotted[s.t[i].text + "." + (s.t[safe: i + 2]?.text ?? "")] != nil
                || unambiguous.contains(tok.text) && s.t[safe: i + 1]?.is(".") == true && s.t[safe: i + 2] == nil else { return nil }
        return RuleMatch(end: end, say: name)
    }

    /// The state written from token `i` and the token after it (its last dot kept when the
    /// sentence ends there); full names ("Texas", "Ohio") only after a party.
    static func state(_ s: Scan, _ i: Int, fullNames: Bool) -> (String, Int)? {
        guard let first = s[i], first.isWord else { return nil }
        var written = first.text, j = i + 1
        while s[j]?.is(".") == true, s.glued(j), let part = s[j + 1], part.isWord, s.glued(j + 1), part.isCapitalized, part.text.count <= 2 {
            written += "." + part.text
            j += 2
        }
        guard s[j]?.is(".") == true, s.glued(j) else {
            let named = Set(states.values).union(["Texas", "Ohio", "Iowa", "Utah", "Idaho", "Maine", "Alaska", "Hawaii"]).contains(first.text)
            return fullNames && j == i + 1 && named ? (first.text, j) : nil
        }
        guard let name = states[written] ?? dotted[written] else { return nil }
        let end = s.endsSentence(after: j) && s[j + 1] != nil || s[j + 1] == nil ? j : j + 1
        return (name, end)
    }
}
