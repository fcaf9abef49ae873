/// For a language without rules of its own: only what is the same in every language — the
/// skip rules (citations, footnote marks, parentheses, brackets).
struct CommonRules: LanguageRules {
    func edits(tokens: [Token], text: [Unicode.Scalar], context: RuleContext) -> [Edit] {
        Scan(tokens, text: text, context: context).edits(EnglishCitations.match)
    }
}
