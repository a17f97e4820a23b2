import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Link text lint")
struct LinkLintTests {
    /// What the lint asked before it trimmed over scalars: Foundation's lower-casing and trimming.
    func foundationVague(_ text: String) -> Bool {
        MarkdownTree.vague.contains(text.lowercased().trimmingCharacters(in: .punctuationCharacters))
    }

    @Test("a vague link text is found with punctuation and case around it, and only then")
    func vagueTexts() {
        for text in ["click here", "Click Here!", "“Read more”", "(more)", "…learn more…", "¿here?", "LINK.", "-here-", "clic\u{212A}"] {
            #expect(MarkdownTree.isVague(text), "\(text)")
        }
        for text in ["here is the list", "more about focus", "click here to read the focus order guidance", "links", "here and there", "i̇here", " here"] {
            #expect(!MarkdownTree.isVague(text), "\(text)")
        }
    }

    @Test("trimming over scalars agrees with Foundation's trimming on random texts")
    func agreesWithFoundation() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["click", " ", "here", "more", "read", "learn", "link", "this", ".", "!", "…", "“", "”", "(", ")", "-", "_", "é", "K", "\u{212A}",
                      "İ", "€", "a", "\u{301}", "+", "~", "«", "¡"]
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(MarkdownTree.isVague(text) == foundationVague(text), "\(text.debugDescription)")
        }
    }
}
