import Foundation

/// Which documents hold a term and how strongly, written as text search.js decodes: a level
/// per document (4 to 20, from where and how often the term occurs) and, per term, either
/// pairs of numbers (the gap to the document, its level) or, for a term in many documents, a
/// bitset of documents per level, whichever is shorter. Both hold the same postings, so a file
/// read back and written again has the same bytes.
enum SearchPostings {
    /// 64 characters safe in JSON strings and file names, each six bits.
    static let alphabet: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)
    private static let values: [UInt8: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// A term's documents (ascending) and their levels.
    typealias List = [(document: Int, level: Int)]

    /// How much each field of a document counts, so a word in the title outranks one in text.
    static let fieldWeights = (title: 10.0, criteria: 5.0, keywords: 5.0, headings: 3.0, description: 2.0, text: 1.0)

    /// The level of a term that occurs with weighted frequency `frequency` (BM25's saturation,
    /// k1 = 4) in quarters: once in the text is 4, in the title 14, in the title and the text
    /// 15, and no number of repeats reaches 20.
    static func level(_ frequency: Double) -> Int {
        min(20, max(4, Int((frequency * 5 / (frequency + 4) * 4).rounded())))
    }

    /// Whether a term in `count` of `documents` documents is common: in more than one in eight
    /// of 4,096 or more (below, its bitsets are small anyway, and an edit that makes a word
    /// rare again, which a patch cannot follow, would be common).
    static func isCommon(_ count: Int, of documents: Int) -> Bool { documents >= 4096 && count * 8 > documents }

    /// The list as written: a common term's levels in three bands (5, 10, 15), since how rare
    /// a word is weighs more than where it occurs, and a band's bitset is the most of its size
    /// (a word in all 100,000 documents: 50 kB, not 180).
    static func stored(_ list: List, documents: Int) -> List {
        guard isCommon(list.count, of: documents) else { return list }
        return list.map { ($0.document, $0.level < 8 ? 5 : $0.level < 13 ? 10 : 15) }
    }

    /// A list as text: pairs when shorter, else `[level, bitset]` pairs.
    static func encode(_ list: List) -> JSONValue {
        var pairs: [UInt8] = []
        var last = -1
        for posting in list {
            appendNumber(posting.document - last, to: &pairs)
            appendNumber(posting.level, to: &pairs)
            last = posting.document
        }
        // The bitsets are at least as long as the one holding the last document: most terms'
        // pairs are shorter, and no bitset is made for them.
        if let highest = list.last?.document, pairs.count <= highest / 6 + 1 + 6 {
            return .string(String(decoding: pairs, as: UTF8.self))
        }
        var byLevel: [Int: [Int]] = [:]
        for posting in list { byLevel[posting.level, default: []].append(posting.document) }
        let sets = byLevel.keys.sorted().map { level in (level, bitset(byLevel[level]!)) }
        let denseLength = sets.reduce(0) { $0 + $1.1.count + 6 }
        if denseLength < pairs.count {
            return .array(sets.flatMap { [JSONValue.int($0.0), .string(String(decoding: $0.1, as: UTF8.self))] })
        }
        return .string(String(decoding: pairs, as: UTF8.self))
    }

    /// The list `encode` wrote (from JSON: a string, or an array of levels and bitsets).
    static func decode(_ value: Any) -> List? {
        if let text = value as? String {
            var list: List = []
            var numbers: [Int] = []
            var current = 0
            for byte in text.utf8 {
                guard let value = values[byte] else { return nil }
                current = current << 5 | (value & 31)
                if value < 32 {
                    numbers.append(current)
                    current = 0
                }
            }
            guard numbers.count.isMultiple(of: 2) else { return nil }
            var document = -1
            for pair in stride(from: 0, to: numbers.count, by: 2) {
                document += numbers[pair]
                list.append((document, numbers[pair + 1]))
            }
            return list
        }
        guard let items = value as? [Any], items.count.isMultiple(of: 2) else { return nil }
        var list: List = []
        for pair in stride(from: 0, to: items.count, by: 2) {
            guard let level = items[pair] as? Int, let set = items[pair + 1] as? String else { return nil }
            for (position, byte) in set.utf8.enumerated() {
                guard let value = values[byte] else { return nil }
                for bit in 0..<6 where value & (1 << bit) != 0 { list.append((position * 6 + bit, level)) }
            }
        }
        return list.sorted { $0.document < $1.document }
    }

    /// Documents as a bitset: a character per six documents, trailing empty ones left out.
    static func bitset(_ documents: [Int]) -> [UInt8] {
        guard let highest = documents.max() else { return [] }
        var bits = [Int](repeating: 0, count: highest / 6 + 1)
        for document in documents { bits[document / 6] |= 1 << (document % 6) }
        return bits.map { alphabet[$0] }
    }

    /// `number` in groups of five bits, most significant first, each but the last marked.
    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        var shift = 0
        while number >> (shift + 5) > 0 { shift += 5 }
        while shift > 0 {
            bytes.append(alphabet[(number >> shift) & 31 | 32])
            shift -= 5
        }
        bytes.append(alphabet[number & 31])
    }
}
