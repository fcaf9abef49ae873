/// Words written in capitals and how each is read: one table for the short words that are
/// initials in one sentence and a word in the next.
enum CapitalWords {
    /// What a word in capitals may be.
    struct Reading: OptionSet {
        let rawValue: UInt8
        /// An acronym people say as a word ("NASA", "LASER"): always the word.
        static let acronym = Reading(rawValue: 1)
        /// A short English word set in capitals for emphasis or as a keyword ("There is NO
        /// warranty", "an HTTP GET"): always the word.
        static let word = Reading(rawValue: 2)
        /// Initials as often as a word ("US", "IT", "PC"): spelled, and no keyword's neighbour.
        static let initials = Reading(rawValue: 4)
        /// A word of query languages and logic, said as a word beside another keyword ("ORDER
        /// BY", "NOT IN").
        static let keyword = Reading(rawValue: 8)
        /// Three letters set in capitals for emphasis between lowercase words ("you DID").
        static let emphasis = Reading(rawValue: 16)
        /// eSpeak says it as a word though it is initials here ("WHO", "CIA"): spelled for it.
        static let eSpeakWord = Reading(rawValue: 32)
    }

    /// `text` (in capitals) may be read as one of `readings`.
    static func `is`(_ text: String, _ readings: Reading) -> Bool {
        table[text].map { !$0.intersection(readings).isEmpty } ?? false
    }

    static let table: [String: Reading] = [
        // Names of systems and types said as words.
        "BOOL": [.acronym], "ARM": [.acronym], "IRIX": [.acronym], "SPARC": [.acronym], "USENET": [.acronym], "USENIX": [.acronym],
        "TAB": [.word], "FIFO": [.acronym], "BIOS": [.acronym], "MIPS": [.acronym], "RISC": [.acronym], "QUIC": [.acronym],
        "VAX": [.acronym], "HURD": [.acronym], "PEP": [.acronym], "AWK": [.acronym], "SUSE": [.acronym], "PAM": [.acronym], "NAT": [.acronym], "IANA": [.acronym],
        "WASI": [.acronym], "SLAAC": [.acronym],
        // Words in the word list that are initials here ("the SAT", "an LED").
        "ACT": [.initials], "SAT": [.initials], "DOE": [.initials], "LED": [.initials], "MOD": [.initials], "COO": [.initials],
        "EMS": [.initials], "IDE": [.initials], "SAP": [.initials], "BET": [.initials], "FED": [.initials],
        "AD": [.initials, .eSpeakWord], "AI": [.initials, .eSpeakWord], "AM": [.initials, .eSpeakWord],
        "AN": [.keyword, .eSpeakWord], "AS": [.keyword, .eSpeakWord], "AT": [.keyword, .eSpeakWord], "BC": [.initials],
        "BE": [.keyword, .eSpeakWord], "BY": [.keyword, .eSpeakWord], "CA": [.initials], "CD": [.initials], "CO": [.initials],
        "DC": [.initials], "DO": [.keyword, .eSpeakWord], "ER": [.initials], "EU": [.initials], "GA": [.initials],
        "GO": [.eSpeakWord], "HE": [.eSpeakWord], "HR": [.initials], "ID": [.initials, .eSpeakWord],
        "IF": [.keyword, .eSpeakWord], "IN": [.initials, .keyword, .eSpeakWord], "IQ": [.initials],
        "IS": [.keyword, .eSpeakWord], "IT": [.initials, .eSpeakWord], "MA": [.initials], "ME": [.initials, .eSpeakWord],
        "MY": [.eSpeakWord], "NO": [.word, .keyword, .eSpeakWord], "OF": [.keyword, .eSpeakWord], "OH": [.eSpeakWord],
        "OK": [.initials, .eSpeakWord], "ON": [.keyword, .eSpeakWord], "OR": [.keyword, .eSpeakWord], "OS": [.initials],
        "PA": [.initials], "PC": [.initials, .eSpeakWord], "PM": [.initials], "PR": [.initials], "SO": [.keyword, .eSpeakWord],
        "TO": [.keyword, .eSpeakWord], "TV": [.initials], "UK": [.initials], "UN": [.initials], "UP": [.keyword, .eSpeakWord],
        "US": [.initials], "WE": [.eSpeakWord], "ACE": [.eSpeakWord], "ADD": [.keyword], "AIM": [.eSpeakWord],
        "ALL": [.word, .keyword], "AND": [.word, .keyword], "ANY": [.word], "APP": [.eSpeakWord], "ARE": [.word],
        "ART": [.eSpeakWord], "ASC": [.keyword], "ASK": [.eSpeakWord], "BAD": [.emphasis], "BAR": [.eSpeakWord],
        "BAT": [.eSpeakWord], "BIG": [.emphasis], "BIO": [.eSpeakWord], "BIT": [.eSpeakWord], "BUT": [.word], "BUY": [.emphasis],
        "CAD": [.acronym], "CAN": [.emphasis, .eSpeakWord], "CAP": [.eSpeakWord], "CIA": [.eSpeakWord], "CON": [.eSpeakWord],
        "COP": [.eSpeakWord], "DAB": [.eSpeakWord], "DAD": [.eSpeakWord], "DID": [.emphasis], "DIG": [.eSpeakWord],
        "DOS": [.acronym], "DOT": [.eSpeakWord], "ELF": [.eSpeakWord], "END": [.word, .keyword], "ERA": [.eSpeakWord],
        "ESA": [.acronym], "ETA": [.eSpeakWord], "FAQ": [.eSpeakWord], "FOR": [.word, .keyword], "FUN": [.emphasis],
        "GAP": [.eSpeakWord], "GET": [.word, .keyword], "GIF": [.acronym], "GOP": [.eSpeakWord], "GOT": [.emphasis],
        "HAD": [.word, .emphasis], "HAS": [.word], "HER": [.emphasis], "HIM": [.emphasis], "HIS": [.emphasis],
        "HIV": [.eSpeakWord], "HOT": [.emphasis], "HOW": [.emphasis], "HUB": [.eSpeakWord], "ICE": [.acronym],
        "ITS": [.eSpeakWord], "KEY": [.keyword], "LAB": [.eSpeakWord], "LAN": [.acronym], "LOT": [.emphasis],
        "MAD": [.eSpeakWord], "MAP": [.eSpeakWord], "MAY": [.emphasis, .word], "MET": [.eSpeakWord], "MIS": [.eSpeakWord],
        "NET": [.eSpeakWord], "NEW": [.word, .keyword], "NOR": [.eSpeakWord], "NOT": [.word, .keyword], "NOW": [.emphasis],
        "OFF": [.word], "ONE": [.word], "OUR": [.emphasis], "OUT": [.word], "OWN": [.emphasis], "PAC": [.acronym],
        "PAD": [.eSpeakWord], "PAN": [.eSpeakWord], "PEN": [.acronym], "PET": [.eSpeakWord], "PIN": [.acronym],
        "POP": [.eSpeakWord], "PUT": [.word, .keyword], "RAD": [.eSpeakWord], "RAM": [.acronym], "RIP": [.eSpeakWord],
        "ROM": [.acronym], "RUN": [.word], "SAD": [.eSpeakWord], "SAY": [.emphasis], "SEC": [.eSpeakWord],
        "SET": [.word, .keyword], "SHE": [.emphasis], "SIM": [.acronym], "SIT": [.eSpeakWord], "SIX": [.word],
        "SUM": [.eSpeakWord], "SUN": [.eSpeakWord], "TAX": [.eSpeakWord], "TEN": [.word], "THE": [.word], "TIC": [.eSpeakWord],
        "TIP": [.word], "TOO": [.emphasis], "TOP": [.eSpeakWord], "TRY": [.emphasis], "TWO": [.word],
        "USE": [.keyword, .eSpeakWord], "VAT": [.eSpeakWord], "WAR": [.eSpeakWord], "WAS": [.word, .emphasis],
        "WAY": [.emphasis], "WHO": [.eSpeakWord], "WHY": [.emphasis], "WIN": [.emphasis], "XOR": [.keyword], "YES": [.word],
        "YET": [.emphasis], "YOU": [.word], "ZAP": [.eSpeakWord], "ZIP": [.acronym], "AIDS": [.acronym], "CAMP": [.eSpeakWord],
        "CERN": [.acronym], "ESPN": [.acronym], "EVER": [.emphasis], "FEMA": [.acronym], "FICA": [.acronym], "FIFA": [.acronym],
        "FOMO": [.acronym], "GERD": [.acronym], "GMAT": [.acronym], "HATE": [.emphasis], "IKEA": [.acronym], "ISIS": [.acronym],
        "JPEG": [.acronym], "LEGO": [.acronym], "LOVE": [.emphasis], "MERS": [.acronym], "MIDI": [.acronym], "MOMA": [.acronym],
        "MUST": [.emphasis], "NASA": [.acronym], "TED": [.acronym], "NATO": [.acronym], "NOAA": [.acronym], "ONLY": [.emphasis], "OPEC": [.acronym],
        "OSHA": [.acronym], "REST": [.acronym], "SALT": [.acronym], "SARS": [.acronym], "SIDS": [.acronym], "SPAM": [.acronym],
        "SWAT": [.acronym], "UEFA": [.acronym], "UNIX": [.acronym], "VERY": [.emphasis], "WASP": [.acronym],
        "WHOM": [.eSpeakWord], "WIFI": [.acronym], "YOLO": [.acronym], "ASCII": [.acronym], "ASEAN": [.acronym],
        "BASIC": [.acronym], "COBOL": [.acronym], "COVID": [.acronym], "DARPA": [.acronym], "LASER": [.acronym],
        "LINUX": [.acronym], "MENSA": [.acronym], "NAFTA": [.acronym], "NIMBY": [.acronym], "OPSEC": [.acronym],
        "POSIX": [.acronym], "POTUS": [.acronym], "RADAR": [.acronym], "SCUBA": [.acronym], "SONAR": [.acronym],
        "TASER": [.acronym], "TOEFL": [.acronym], "SCOTUS": [.acronym], "UNESCO": [.acronym], "UNICEF": [.acronym],
        "CALTECH": [.acronym], "CAPTCHA": [.acronym], "FORTRAN": [.acronym], "WYSIWYG": [.acronym], "INTERPOL": [.acronym]
    ]
}
