import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Search words")
struct SearchTextTests {
    @Test("folding drops accents and case, keeps kana's voicing")
    func folding() {
        #expect(SearchText.fold("Écran Sélecteur ÅNGSTRÖM") == "ecran selecteur angstrom")
        #expect(SearchText.fold("バー") == "バー")
        #expect(SearchText.fold("ﬁ") == "ﬁ")
    }

    @Test("words, criterion numbers whole, stop words and single letters left out")
    func words() {
        #expect(SearchText.terms("Use the Wheel-picker: SC 2.4.7, then 1.4.10.") == ["use", "wheel", "picker", "2.4.7", "then", "1.4.10"])
        #expect(SearchText.terms("a b 7 x2 2.4a v1.2") == ["7", "x2", "2.4", "v1", "2"])
        #expect(SearchText.terms("Café's écran") == ["cafe", "ecran"])
    }

    @Test("Japanese and Chinese: pairs of characters and each Han character")
    func ideographic() {
        #expect(SearchText.terms("消えない") == ["消", "消え", "えな", "ない"])
        #expect(SearchText.terms("ホバー又はフォーカス") == ["ホバ", "バー", "ー又", "又", "又は", "はフ", "フォ", "ォー", "ーカ", "カス"])
        #expect(SearchText.terms("焦点 focus") == ["焦", "焦点", "点", "focus"])
        #expect(SearchText.terms("第1") == ["第", "1"])
    }

    @Test("ASCII text cut over its bytes gives the terms the folding path gives")
    func asciiAgrees() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Bc", "2", ".", "4", " ", "-", "the", "x", "7.1", "..", "Z", "q9", ",", "_", "'"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var folded: [String] = []
            SearchText.foldedTerms(text, into: &folded)
            #expect(SearchText.terms(text) == folded, "\(text)")
        }
    }

    @Test("a term's file: its first three characters, an ideograph's first, as ASCII")
    func keys() {
        #expect(SearchText.key(of: "button") == "but")
        #expect(SearchText.key(of: "2.4.7") == "2.4")
        #expect(SearchText.key(of: "ok") == "ok")
        #expect(SearchText.key(of: "消え") == "消")
        #expect(SearchText.fileName(of: "消") == "_E6_B6_88")
        #expect(SearchText.fileName(of: "éco") == "_C3_A9co")
    }
}
