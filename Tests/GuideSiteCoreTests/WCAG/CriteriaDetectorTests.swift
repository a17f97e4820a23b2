import Foundation
import Testing
@testable import GuideSiteCore

@Suite("WCAG criteria detection")
struct CriteriaDetectorTests {
    @Test("the table holds all 87 WCAG 2.2 criteria, 4.1.1 obsolete")
    func table() throws {
        #expect(WCAG22.all.count == 87)
        let parsing = try #require(WCAG22.byNumber["4.1.1"])
        #expect(parsing.obsolete)
        #expect(WCAG22.all.filter(\.obsolete).count == 1)
        let contrast = try #require(WCAG22.byNumber["1.4.3"])
        #expect(contrast.name == "Contrast (Minimum)")
        #expect(contrast.level == "AA")
        #expect(contrast.principle == "Perceivable")
        #expect(contrast.guideline == "1.4 Distinguishable")
        #expect(contrast.understanding == "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum")
        #expect(WCAG22.byNumber["2.4.11"]?.name == "Focus Not Obscured (Minimum)")
        #expect(WCAG22.all.map(\.sortKey) == WCAG22.all.map(\.sortKey).sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test("criteria in text", arguments: [
        ("See SC 1.4.3 for text.", ["1.4.3"]),
        ("Success Criterion 2.4.7 applies.", ["2.4.7"]),
        ("success criteria 2.4.7", ["2.4.7"]),
        ("WCAG 1.4.10 Reflow matters", ["1.4.10"]),
        ("Per WCAG 2.2 SC 2.5.8, targets", ["2.5.8"]),
        ("Meets WCAG 2.1.1 Keyboard", ["2.1.1"]),
        ("SC1.1.1 and SC 4.1.2", ["1.1.1", "4.1.2"]),
        ("1.3.1 Info and Relationships is key", ["1.3.1"]),
        ("see 2.4.3: Focus Order", ["2.4.3"]),
        ("SC 1.4.99 is wrong", ["1.4.99"]),
        // Not criteria:
        ("WCAG 2.2 is the current version", []),
        ("Tested on iOS 17.1.2 and Android 14", []),
        ("Version 1.3.1.2 fixed it", []),
        ("Release 2.1.1 of the app", []),
        ("WCAG 2.1 added reflow", []),
        ("The ratio is 4.5:1", []),
    ])
    func text(text: String, expected: [String]) {
        #expect(CriteriaDetector.mentions(in: text).map(\.number) == expected)
    }

    @Test("a list item or heading that starts with a number and a colon is a reference", arguments: [
        ("1.3.1: Info and Relationships", true, ["1.3.1"]),
        ("1.4.3: contrast of text", true, ["1.4.3"]),
        ("2.4.7 focus is visible", true, ["2.4.7"]),
        ("1.4.3: contrast of text", false, []),
        ("3.2.1: version notes", false, []),
    ])
    func blockStart(text: String, atStart: Bool, expected: [String]) {
        #expect(CriteriaDetector.mentions(in: text, atBlockStart: atStart).map(\.number) == expected)
    }

    @Test("W3C addresses that name one criterion", arguments: [
        ("https://www.w3.org/WAI/WCAG22/Understanding/info-and-relationships", "1.3.1"),
        ("https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html", "4.1.2"),
        ("https://www.w3.org/WAI/WCAG21/Understanding/target-size.html", "2.5.5"),
        ("https://www.w3.org/WAI/WCAG21/Understanding/contrast-minimum", "1.4.3"),
        ("https://www.w3.org/TR/WCAG22/#focus-not-obscured-minimum", "2.4.11"),
        ("https://www.w3.org/TR/WCAG21/#reflow", "1.4.10"),
        ("https://www.w3.org/TR/WCAG20/#visual-audio-contrast-contrast", "1.4.3"),
        ("https://www.w3.org/TR/UNDERSTANDING-WCAG20/navigation-mechanisms-focus-visible.html", "2.4.7"),
        ("https://www.w3.org/WAI/WCAG22/quickref/#non-text-content", "1.1.1"),
        ("https://www.w3.org/WAI/WCAG21/quickref/?versions=2.1#use-of-color", "1.4.1"),
        // W3C's authorized translations keep the English anchors and file names.
        ("https://www.w3.org/Translations/WCAG21-fr/#contrast-minimum", "1.4.3"),
        ("https://www.w3.org/Translations/WCAG22-de/#target-size-minimum", "2.5.8"),
        ("https://waic.jp/translations/WCAG21/#reflow", "1.4.10"),
        ("https://waic.jp/translations/WCAG21/Understanding/content-on-hover-or-focus.html", "1.4.13"),
        ("https://waic.jp/docs/UNDERSTANDING-WCAG20/navigation-mechanisms-focus-visible.html", "2.4.7"),
        ("https://waic.jp/docs/WCAG20/Overview.html#visual-audio-contrast-contrast", "1.4.3"),
    ])
    func urls(url: String, number: String) {
        #expect(CriteriaDetector.criterion(inURL: url)?.number == number)
    }

    @Test("addresses that name no single criterion", arguments: [
        "https://www.w3.org/WAI/WCAG22/quickref/",
        "https://www.w3.org/TR/WCAG22/",
        "https://www.w3.org/WAI/WCAG22/Understanding/",
        "https://example.com/Understanding/info-and-relationships",
        "https://www.w3.org/WAI/WCAG22/Techniques/aria/ARIA1",
    ])
    func notURLs(url: String) {
        #expect(CriteriaDetector.criterion(inURL: url) == nil)
    }

    @Test("an address's criteria are those found by lowering it, when its bytes name no W3C site too")
    func addressPrefilter() {
        var random = RandomEditTests.Generator(state: 56)
        let pieces = ["https://", "WWW.", "w3.org/", "W3.ORG/", "waic.jp/", "WAIC.JP/", "w3.or", "TR/WCAG22/", "Understanding/", "techniques/html/",
                      "H44", "#", "contrast-minimum", "non-text-content", ".html", "?x=1", "../", "entry-1/", "w", "3", "/", "é", "WCAG21/quickref/"]
        var urls = ["https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum", "https://WWW.W3.ORG/TR/WCAG22/#non-text-content",
                    "https://www.w3.org/WAI/WCAG22/Techniques/html/H44", "../web/entry-1.md", "https://waic.jp/translations/WCAG21/#contrast-minimum"]
        for _ in 0..<4000 { urls.append((0..<random.next(8)).map { _ in pieces[random.next(pieces.count)] }.joined()) }
        for url in urls {
            #expect(CriteriaDetector.criteria(inURL: url).map(\.number) == CriteriaDetector.criteriaByLowering(inURL: url).map(\.number), "\(url)")
        }
    }

    @Test("the byte prefilter finds every text the detector could match, by dot search as by a scan of every byte")
    func prefilter() {
        func byScan(_ text: String) -> Bool {
            text.range(of: #"[1-4]\.[0-9]{1,2}\.[0-9]"#, options: .regularExpression) != nil
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["1", "2", "4", "5", "0", ".", ".", " ", "a", "SC ", "é", "9", "3.", ".1", "٤"]
        var texts = ["", "1.4.3", "....", "1.2", "x 1.4.3", "4.1.1.", ".1.1.1", "a.b.c.d.e", "5.1.1 and 0.1", "text ending 1.", "x.1.4.3",
                     "WCAG 2.2", "iOS 17.1", "2.4.11", "1.22.3", "1.223.4", "1.2.", "SC 1.4.3 Contrast", "1.3.1: Info and Relationships",
                     "1.٤.٣ and 2.5", "SC 1.٤.٣", "1.4.٣"]
        for _ in 0..<3000 {
            texts.append((0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            if text.utf8.allSatisfy({ $0 < 0x80 }) { #expect(CriteriaDetector.mayHoldNumber(text) == byScan(text), "\(text)") }
            if !CriteriaDetector.mayHoldNumber(text) || CriteriaDetector.isBareNumber(text) {
                #expect(CriteriaDetector.mentions(in: text, atBlockStart: true).isEmpty, "\(text)")
            }
        }
    }

    @Test("a front matter number alone takes the fast path only when the expressions would find exactly it", arguments: [
        ("1.4.3", true), ("2.4.11", true), ("4.1.1", true), ("1.4.10", true), ("5.1.1", false), ("0.1.1", false),
        ("1.4", false), ("1.4.3.2", false), ("1.400.3", false), ("1..3", false), ("1.4.3 ", false), ("1.4.a", false), ("١.٤.٣", false),
    ])
    func bareNumbers(text: String, bare: Bool) {
        #expect(CriteriaDetector.isBareNumber(text) == bare)
        if bare { #expect(CriteriaDetector.number(inReference: text + " x") == text) }
    }

    @Test("front matter references", arguments: [
        ("1.4.3", "1.4.3"),
        ("1.4.3 Contrast (Minimum)", "1.4.3"),
        ("SC 2.4.7", "2.4.7"),
        ("Contrast (Minimum)", "1.4.3"),
        ("1.4.99", "1.4.99"),
    ])
    func frontMatter(text: String, number: String) {
        #expect(CriteriaDetector.number(inReference: text) == number)
    }
}
