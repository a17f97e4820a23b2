/// Each searchable page's part of the search index: its document, its entry in `index.js` and
/// its words' levels, made from the page against the index's tables. The preview keeps them,
/// and its next build that makes the index anew (an entry added or removed, site.yml) takes
/// those of every page that is the same against the same tables (at 10,000 entries, making the
/// documents and the levels was most of making the index).
struct SearchParts: Sendable {
    /// A word of a document and its level (`SearchPostings.level`).
    typealias Levels = [(key: String, value: Int)]

    struct Made: Sendable {
        /// The page it was made from: a part stands for the page it is asked for only when the
        /// two are equal, however the part was carried from build to build.
        var page: Page
        var document: SearchDocument
        var entry: JSONWriter.Fragment
        var levels: Levels
    }

    var tables: SearchShards.Tables
    /// In index order.
    var made: [Made]
    var byPath: [String: Int] = [:]

    init(tables: SearchShards.Tables, made: [Made]) {
        (self.tables, self.made) = (tables, made)
        byPath.reserveCapacity(made.count)
        for (position, part) in made.enumerated() { byPath[part.page.route.path] = position }
    }

    /// The part made from `page`, if this holds it.
    func made(from page: Page) -> Made? {
        guard let position = byPath[page.route.path], made[position].page == page else { return nil }
        return made[position]
    }

    /// The parts of the pages at `order` (site indices, in index order), each taken from `last`
    /// when it holds it, else made by `maker`.
    static func make(for site: Site, order: [Int], maker: SearchIndex.EntryMaker, tables: SearchShards.Tables,
                     reusing last: SearchParts?) -> [Made] {
        let names = tables.criterionNames
        // A page's document holds positions in the tables: made against others, they are moved
        // to these (its words' levels read what the positions name, which stays).
        let moves = last.flatMap { $0.tables == tables ? nil : $0.tables.positions(in: tables) }
        return order.concurrentMap { index -> Made in
            let page = site.pages[index]
            if var made = last?.made(from: page) {
                // The page as this site holds it, so the last one's copy is let go.
                made.page = page
                guard let moves else { return made }
                if let document = moves.moved(made.document) {
                    (made.document, made.entry) = (document, JSONWriter.compactFragment(document.json))
                    return made
                }
            }
            let document = maker.document(page)
            return Made(page: page, document: document, entry: JSONWriter.compactFragment(document.json),
                        levels: Array(document.levels(criteria: names)))
        }
    }
}
