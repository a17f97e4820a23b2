import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Search postings")
struct SearchPostingsTests {
    @Test("levels: once in the text, in the title, in both, and a ceiling")
    func levels() {
        #expect(SearchPostings.level(1) == 4)
        #expect(SearchPostings.level(10) == 14)
        #expect(SearchPostings.level(11) == 15)
        #expect(SearchPostings.level(1000) == 20)
    }

    @Test("lists written as pairs or bitsets read back as they were")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var kinds = Set<String>()
        for _ in 0..<500 {
            let documents = Int.random(in: 1...3000, using: &generator)
            let density = Double.random(in: 0.001...0.9, using: &generator)
            let list = (0..<documents).filter { _ in Double.random(in: 0...1, using: &generator) < density }
                .map { (document: $0, level: Int.random(in: 4...6, using: &generator)) }
            guard !list.isEmpty else { continue }
            let encoded = SearchPostings.encode(list)
            let json = try JSONSerialization.jsonObject(with: JSONWriter.compactData(encoded), options: [.fragmentsAllowed])
            kinds.insert(json is String ? "pairs" : "bitsets")
            let (pairs, dense) = Self.lengths(list)
            #expect((json is String) == !(dense < pairs), "pairs \(pairs) bytes, bitsets \(dense)")
            let decoded = try #require(SearchPostings.decode(json))
            #expect(decoded.map(\.document) == list.map(\.document))
            #expect(decoded.map(\.level) == list.map(\.level))
        }
        #expect(kinds == ["pairs", "bitsets"])
    }

    /// The length of each form as the format counts it: five bits a character for each number
    /// of the pairs; for bitsets, a character per six documents up to each level's last, and six.
    static func lengths(_ list: SearchPostings.List) -> (pairs: Int, dense: Int) {
        func characters(_ number: Int) -> Int { number < 32 ? 1 : 1 + characters(number >> 5) }
        var pairs = 0, last = -1
        for posting in list {
            pairs += characters(posting.document - last) + characters(posting.level)
            last = posting.document
        }
        let highest = Dictionary(list.map { ($0.level, $0.document) }, uniquingKeysWith: max)
        return (pairs, highest.values.reduce(0) { $0 + $1 / 6 + 1 + 6 })
    }

    @Test("the shorter form is chosen: a rare term as pairs, one in most documents as bitsets")
    func shorter() {
        let rare = SearchPostings.encode([(5, 4), (900, 14)])
        let common = SearchPostings.encode((0..<600).map { ($0, 4) })
        if case .string(let text) = rare { #expect(text.count == 5) } else { Issue.record("a rare term is written as pairs") }
        if case .array(let sets) = common { #expect(sets.count == 2) } else { Issue.record("a common term is written as a bitset") }
    }
}
