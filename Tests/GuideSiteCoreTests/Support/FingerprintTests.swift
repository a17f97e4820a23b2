import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Fingerprint")
struct FingerprintTests {
    @Test("the same in every process: XXH3-128 of the parts, each with its length (a value kept on disk compares)")
    func stable() {
        // Swift's Hasher is seeded per process; these would differ from run to run if it were used.
        #expect(Fingerprint.of("Wheel picker").description == Self.golden)
        #expect(Fingerprint.of(["a", "b"]) == Fingerprint.of(["a", "b"]))
    }

    @Test("parts are delimited: a split moved, an order changed or an element absent gives another fingerprint")
    func delimited() {
        let lists: [[String?]] = [["ab", "c"], ["a", "bc"], ["c", "ab"], ["abc"], [nil], [""], [], [nil, nil], ["", ""]]
        let maps: [[String: String]] = [["ab": "c"], ["a": "bc"], ["abc": ""], [:]]
        // Within one type: a query's values are compared only with that query's.
        #expect(Set(lists.map { Fingerprint.of($0) }).count == lists.count)
        #expect(Set(maps.map { Fingerprint.of($0) }).count == maps.count)
    }

    @Test("a dictionary's fingerprint is its sorted keys' (its own order differs between processes)")
    func dictionary() {
        var first: [String: Int] = [:], second: [String: Int] = [:]
        for number in 0..<100 { first["key \(number)"] = number }
        for number in (0..<100).reversed() { second["key \(number)"] = number }
        #expect(Fingerprint.of(first) == Fingerprint.of(second))
    }

    /// `xxhsum -H2` of the part as written: its length (8 bytes, little-endian), then its UTF-8.
    static let golden = "0494072b1935b171d04fa5b099c11b98"
}
