import Foundation
import Testing
@testable import GuideSiteCore

/// Criteria as libraries written for other generators name them.
@Suite("criteria written other ways")
struct CriteriaConventionsTests {
    let parser = FrontMatterParser()

    @Test("the one criterion a page is about: sc:, criterion:, or a number beside level:", arguments: [
        ("sc: 1.4.13", ["1.4.13"]),
        ("criterion: \"2.4.7\"", ["2.4.7"]),
        ("num: 1.4.10\nlevel: AA\ntitle: Reflow", ["1.4.10"]),
        ("wcag_criteria: [1.3.1, 3.3.2]", ["1.3.1", "3.3.2"]),
        ("success_criteria:\n  - 2.1.1\n  - Keyboard", ["2.1.1"]),
        ("wcag: [4.1.2]\nsc: 1.4.3", ["4.1.2", "1.4.3"]),
        ("level: AA\ntitle: No number", [String]()),
        ("version: 2.2\nlevel: AA", [String]()),
    ])
    func oneCriterion(yaml: String, expected: [String]) {
        #expect(parser.parse(yaml, firstLine: 2, path: "a.md").value.wcag == expected)
    }

    @Test("a library of one page per criterion: each criterion page leads to its page, and the pages sort as numbers")
    func pagePerCriterion() throws {
        var files = ["site.yml": "title: Criteria\nlanguage: en\n"]
        for (number, title) in [("1.4.2", "Audio Control"), ("1.4.10", "Reflow"), ("1.4.1", "Use of Color"), ("1.4.13", "Content on Hover or Focus")] {
            files["Content/sc/\(number.replacingOccurrences(of: ".", with: "-")).md"] = "---\ntitle: \"\(number) \(title)\"\nnum: \"\(number)\"\nlevel: AA\n---\nHow to meet it.\n"
        }
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(try site.html("wcag/1.4.10/index.html").contains("href=\"../../sc/1-4-10/\""))
        let section = try site.html("sc/index.html")
        let positions = ["1.4.1 Use", "1.4.2 Audio", "1.4.10 Reflow", "1.4.13 Content"].map { section.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "1.4.2 before 1.4.10")
    }

    @Test("natural order: digits as numbers, the rest by scalar")
    func naturalOrder() {
        #expect(NaturalOrder.less("1.4.2 audio", "1.4.10 reflow"))
        #expect(!NaturalOrder.less("1.4.10 reflow", "1.4.2 audio"))
        #expect(NaturalOrder.less("step 9", "step 10") && NaturalOrder.less("step 09", "step 10"))
        #expect(NaturalOrder.less("a", "b") && NaturalOrder.less("ab", "abc") && !NaturalOrder.less("abc", "abc"))
    }

    @Test("a key's letters read over bytes agree with the letters read by characters")
    func keyLetters() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["WCAG", "_", "criteria", "-", "2", " ", "Success", "@", "[", "`", "{", "Z", "é", "\u{212A}"]
        for _ in 0..<3000 {
            let key = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TypedFields.letters(of: key) == key.lowercased().filter { $0.isLetter }, "\(key.debugDescription)")
        }
    }
}
