/// Names of trades and tools that readers say their own way: acronyms said as words ("REIT"
/// reet, "FAANG" fang), tools named after their parts ("kubectl" kube control, "pytest" pie
/// test), and initialisms written in mixed case ("SoC", "DoD", "IgG"), spelled.
extension EnglishWords {
    static let tradeWords: [String: String] = [
        "BBQ": "barbecue", "REIT": "reet", "REITs": "reets", "EBITDA": "ee bit dah", "FAANG": "fang", "AFTRA": "aftruh", "SAG": "sag",
        "OK'd": "okayed", "OK’d": "okayed", "VoIP": "voyp", "LiDAR": "lie dar", "LIDAR": "lie dar", "GaN": "gan",
        "kubectl": "kube control", "VRAM": "V ram", "CUDA": "kooda", "pytest": "pie test", "SQLite": "S Q L ite",
        "Jupyter": "Jupiter", "Matplotlib": "mat plot lib", "matplotlib": "mat plot lib", "Scala": "skahla", "Redis": "red iss",
        "ONNX": "onyx", "NumPy": "num pie", "numpy": "num pie", "SciPy": "sigh pie", "PyPI": "pie P I", "PyTorch": "pie torch",
        "nginx": "engine X", "Nginx": "engine X", "GitHub": "git hub", "MySQL": "my S Q L",
        "WrestleMania": "wrestle mania", "NaN": "nan", "iPhone": "I phone", "iPad": "I pad", "localhost": "local host",
        // Initials of medicine, schools and markets said as words.
        "MRSA": "mersa", "MCAT": "em cat", "LSAT": "el sat", "FAFSA": "faff sa", "FTSE": "footsie", "VIX": "vicks", "NICU": "nick you",
        "PICU": "pick you", "PFAS": "pee fass", "WIC": "wick", "IELTS": "eye elts", "GAAP": "gap", "JAMA": "jamma", "UCAS": "you kass",
        "MOOC": "mook", "MOOCs": "mooks", "CRISPR": "crisper",
    ]

    /// "SoC", "MoD", "IgG": capital, small, capital, an initialism, spelled.
    static func mixedInitials(_ text: String) -> String? {
        let c = Array(text)
        guard c.count == 3, c[0].isUppercase, c[1].isLowercase, c[2].isUppercase, c.allSatisfy(\.isASCII), tradeWords[text] == nil,
              !["TeX", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "MrC", "McD", "DeX", "LyX", "MuX", "ReX"].contains(text) else { return nil }
        return spell(text)
    }
}
