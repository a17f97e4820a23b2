import Foundation

/// One searchable page as the index holds it (an entry of `search/index.js`, the fields of
/// `SearchablePages.indexFields` in order), and the terms search finds it by.
struct SearchDocument: Sendable, Equatable {
    var title: String
    var href: String
    var section: Int
    var categories: [Int]
    var platforms: [Int]
    var criteria: [Int]
    var headings: String
    var description: String
    var text: String
    var keywords: String

    /// The entry's JSON, as `search/index.js` holds it.
    var json: JSONValue {
        .array([.string(title), .string(href), .int(section), .ints(categories), .ints(platforms), .ints(criteria),
                .string(headings), .string(description), .string(text), .string(keywords)])
    }

    /// An entry of `search/index.js` read back (`JSONSerialization`), nil when not one.
    init?(json: Any) {
        guard let values = json as? [Any], values.count == 10,
              let title = values[0] as? String, let href = values[1] as? String, let section = values[2] as? Int,
              let categories = values[3] as? [Int], let platforms = values[4] as? [Int], let criteria = values[5] as? [Int],
              let headings = values[6] as? String, let description = values[7] as? String, let text = values[8] as? String,
              let keywords = values[9] as? String else { return nil }
        self.init(title: title, href: href, section: section, categories: categories, platforms: platforms, criteria: criteria,
                  headings: headings, description: description, text: text, keywords: keywords)
    }

    /// An entry of `search/index.js` as written (`json`'s bytes), read back.
    init?(fragment: JSONWriter.Fragment) {
        guard let value = try? JSONSerialization.jsonObject(with: Data(fragment.bytes)) else { return nil }
        self.init(json: value)
    }

    init(title: String, href: String, section: Int, categories: [Int], platforms: [Int], criteria: [Int],
         headings: String, description: String, text: String, keywords: String) {
        (self.title, self.href, self.section, self.categories, self.platforms, self.criteria) = (title, href, section, categories, platforms, criteria)
        (self.headings, self.description, self.text, self.keywords) = (headings, description, text, keywords)
    }

    /// What a result shows under its title: the description, then the text.
    var excerpt: String {
        description.isEmpty ? text : description + " " + text
    }

    /// Each term of the document and its level (`SearchPostings.level`), from where and how
    /// often it occurs; `criteria` are the index's criteria (number, name).
    func levels(criteria table: [(number: String, name: String)]) -> [String: Int] {
        let weights = SearchPostings.fieldWeights
        var frequency: [String: Double] = [:]
        // Room for a distinct term per 32 bytes of text (the generated corpus has one per 50):
        // growing the table on the way was a tenth of the document's work.
        frequency.reserveCapacity(text.utf8.count / 32 + 64)
        func add(_ text: String, _ weight: Double) {
            for term in SearchText.terms(text) { frequency[term, default: 0] += weight }
        }
        add(title, weights.title)
        for position in criteria where table.indices.contains(position) {
            add(table[position].number + " " + table[position].name, weights.criteria)
        }
        add(keywords, weights.keywords)
        add(headings, weights.headings)
        add(description, weights.description)
        add(text, weights.text)
        return frequency.mapValues(SearchPostings.level)
    }
}
