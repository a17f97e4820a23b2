import Foundation

extension SearchShards {
    /// The tables every document's positions refer to.
    struct Tables: Sendable, Equatable {
        var sections: [[String]]
        var categories: [[String]]
        var platforms: [String]
        var criteria: [[String]]

        var criterionNames: [(number: String, name: String)] {
            criteria.map { ($0[0], $0.count > 1 ? $0[1] : "") }
        }

        /// Where each row of these tables is in `new`, by what it names (a section's name, a
        /// category's slug, a platform, a criterion's number): a document made against these,
        /// moved to `new`, is the one made against `new` (its words' levels read the criteria's
        /// numbers and names, which a row keeps), so a section, category or criterion that came
        /// or went leaves the other documents as they were.
        func positions(in new: Tables) -> Positions {
            func places(_ old: [String], _ new: [String]) -> [Int?] {
                let index = Dictionary(new.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                return old.map { index[$0] }
            }
            let names = criterionNames.map { $0.number + " " + $0.name }, newNames = new.criterionNames.map { $0.number + " " + $0.name }
            return Positions(sections: places(sections.map { $0.first ?? "" }, new.sections.map { $0.first ?? "" }),
                             categories: places(categories.map { $0.first ?? "" }, new.categories.map { $0.first ?? "" }),
                             platforms: places(platforms, new.platforms), criteria: places(names, newNames))
        }

        /// The tables of the pieces whose `meta.js` is `meta`; nil when it cannot be read.
        init?(meta: Data) {
            guard let value = SearchShards.value(of: meta, name: "meta") as? [String: Any],
                  let sections = value["sections"] as? [[String]], let categories = value["categories"] as? [[String]],
                  let platforms = value["platforms"] as? [String], let criteria = value["criteria"] as? [[String]] else { return nil }
            self.init(sections: sections, categories: categories, platforms: platforms, criteria: criteria)
        }

        init(sections: [[String]], categories: [[String]], platforms: [String], criteria: [[String]]) {
            (self.sections, self.categories, self.platforms, self.criteria) = (sections, categories, platforms, criteria)
        }
    }

    /// Each row's position in other tables (`Tables.positions(in:)`), nil where it has none.
    struct Positions: Sendable {
        var sections: [Int?]
        var categories: [Int?]
        var platforms: [Int?]
        var criteria: [Int?]

        /// `document` against the other tables; nil when it names a row they do not have.
        func moved(_ document: SearchDocument) -> SearchDocument? {
            func place(_ position: Int, _ table: [Int?]) -> Int? {
                table.indices.contains(position) ? table[position] : nil
            }
            var moved = document
            if document.section >= 0 {
                guard let section = place(document.section, sections) else { return nil }
                moved.section = section
            }
            var categories: [Int] = [], platforms: [Int] = [], criteria: [Int] = []
            for position in document.categories {
                guard let category = place(position, self.categories) else { return nil }
                categories.append(category)
            }
            for position in document.platforms {
                guard let platform = place(position, self.platforms) else { return nil }
                platforms.append(platform)
            }
            for position in document.criteria {
                guard let criterion = place(position, self.criteria) else { return nil }
                criteria.append(criterion)
            }
            // As `SearchIndex.EntryMaker` writes them: categories in order, the others as the page names them.
            (moved.categories, moved.platforms, moved.criteria) = (categories.sorted(), platforms, criteria)
            return moved
        }
    }
}
