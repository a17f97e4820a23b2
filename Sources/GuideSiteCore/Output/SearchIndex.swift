import Foundation

/// `search/index.js`: what the search page searches, loaded by `search.js` only when a reader
/// first searches: a script (`GuideSite.searchIndex = {…};`) rather than JSON, since a page
/// opened from disk may load scripts but not fetch files. Compact arrays rather than objects,
/// since it is downloaded whole; hrefs are from the site's root (`native/picker/`):
///
/// ```
/// { "format": "guidesite-search/2",
///   "sections": [[name, title]], "categories": [[slug, title]], "platforms": [name],
///   "criteria": [[number, name, level]],
///   "fields": ["title", "href", …],      (SearchablePages.indexFields)
///   "entries": [[title, href, …]] }       (each entry's values in the order of `fields`)
/// ```
/// Entries and plain pages, sorted by title; a subset's index holds only its own pages.
enum SearchIndex {
    static let format = "guidesite-search/2"
    /// Where it is written, relative to the site.
    static let path = SearchablePages.indexPath
    /// Characters of body text kept per page: enough for a snippet and for words the headings
    /// and title do not have, while the index stays a small part of the site.
    static let bodyLimit = 400

    /// The index as its parts: what goes before and after the entries, and each entry's JSON in
    /// `order`, so the engine knows where each entry sits (`layout`) to replace a few later.
    struct Parts {
        /// Site indices of the searchable pages, in index order.
        var order: [Int]
        /// Each entry's JSON, in `order`.
        var entries: [JSONWriter.Fragment]
        var head: String
        var tail: String

        /// `search/index.js`: the head, the entries joined by commas, the tail.
        var bytes: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(head.utf8.count + tail.utf8.count + entries.reduce(0) { $0 + $1.bytes.count + 1 })
            bytes.append(contentsOf: head.utf8)
            for (position, entry) in entries.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: entry.bytes)
            }
            bytes.append(contentsOf: tail.utf8)
            return bytes
        }

        /// Where each entry sits in `bytes`.
        var layout: Layout {
            Layout(order: order, lengths: entries.map(\.bytes.count), head: head.utf8.count,
                   size: head.utf8.count + tail.utf8.count + entries.reduce(0) { $0 + $1.bytes.count } + max(entries.count - 1, 0))
        }
    }

    /// Where the entries of an index file are: the site indices of its pages in order, each
    /// entry's length in bytes (entries are separated by one comma), the length of what
    /// precedes the first, and the file's size.
    struct Layout: Sendable {
        var order: [Int]
        var lengths: [Int]
        var head: Int
        var size: Int

        /// The byte range of the entry at `slot`.
        func range(of slot: Int) -> Range<Int> {
            let start = head + lengths[..<slot].reduce(0, +) + slot
            return start..<(start + lengths[slot])
        }
    }

    /// The tables shared by every entry and the way one entry is written.
    struct EntryMaker: Sendable {
        let sectionIndex: [String: Int]
        let categoryIndex: [String: Int]
        let platformNames: [String]
        let criterionIndex: [String: Int]
        let platformMatcher: PlatformMatcher

        /// The page's values in the order of `SearchablePages.indexFields`.
        func entry(_ page: Page) -> JSONWriter.Fragment {
            JSONWriter.compactFragment(document(page).json)
        }

        func document(_ page: Page) -> SearchDocument {
            SearchDocument(
                title: page.title, href: page.route.href(basePath: ""), section: page.section.flatMap { sectionIndex[$0] } ?? -1,
                categories: Array(Set(page.frontMatter.categories.compactMap { categoryIndex[Slug.make($0)] })).sorted(),
                platforms: platformMatcher.positions(in: page).compactMap { platformNames.firstIndex(of: platformNames[$0]) },
                criteria: page.criteria.compactMap { criterionIndex[$0.number] },
                headings: page.body.headings.map(\.text).joined(separator: "\n"), description: page.frontMatter.description ?? "",
                text: SearchIndex.plainText(html: page.body.htmlText, limit: SearchIndex.bodyLimit),
                keywords: page.frontMatter.keywords.joined(separator: "\n"))
        }
    }

    /// The tables of the index of `site` (by `maker`): what entries' positions refer to.
    static func tables(for site: Site, maker: EntryMaker) -> SearchShards.Tables {
        let criteria = maker.criterionIndex.sorted { $0.value < $1.value }.map(\.key)
        return SearchShards.Tables(
            sections: site.sections.map { [$0.name, $0.title] }, categories: site.categories.map { [$0.slug, $0.title] },
            platforms: maker.platformNames,
            criteria: criteria.compactMap { number in WCAG22.byNumber[number].map { [$0.number, $0.name, $0.level] } })
    }

    /// The index of `site` in pieces (`SearchShards`), given to `write` as each is made;
    /// `documents` when made already.
    static func writeShards(for site: Site, documents: [SearchDocument]? = nil, levels: [SearchParts.Levels]? = nil,
                            to write: (String, Data) throws -> Void) rethrows {
        let order = SearchablePages.searchable(site)
        let maker = maker(for: site, order: order)
        try SearchShards.write(documents: documents ?? order.concurrentMap { maker.document(site.pages[$0]) }, levels: levels,
                               tables: tables(for: site, maker: maker), to: write)
    }

    /// The part of every searchable page of `site`, in index order, taken from `last` where it
    /// holds it (`SearchParts`).
    static func parts(for site: Site, reusing last: SearchParts?) -> SearchParts {
        let order = SearchablePages.searchable(site)
        let maker = maker(for: site, order: order)
        let tables = tables(for: site, maker: maker)
        return SearchParts(tables: tables, made: SearchParts.make(for: site, order: order, maker: maker, tables: tables, reusing: last))
    }

    /// The searchable pages of `site` as documents, in index order.
    static func documents(for site: Site) -> [SearchDocument] {
        let order = SearchablePages.searchable(site)
        let maker = maker(for: site, order: order)
        return order.concurrentMap { maker.document(site.pages[$0]) }
    }

    /// The index of `site` (of its `documents` when made already); `reusing` gives an entry already made for a page (by site index).
    static func parts(for site: Site, documents: [SearchDocument]? = nil, entries made: [JSONWriter.Fragment]? = nil,
                      reusing: (@Sendable (Int) -> JSONWriter.Fragment?)? = nil) -> Parts {
        let order = SearchablePages.searchable(site)
        let maker = maker(for: site, order: order)
        let tables = tables(for: site, maker: maker)
        let entries = made ?? documents.map { $0.concurrentMap { JSONWriter.compactFragment($0.json) } }
            ?? order.concurrentMap { reusing?($0) ?? maker.entry(site.pages[$0]) }
        let marker = "\u{1}entries\u{1}"
        let document: [String: Any] = [
            "format": format,
            "sections": tables.sections,
            "categories": tables.categories,
            "platforms": tables.platforms,
            "criteria": tables.criteria,
            "fields": SearchablePages.indexFields.map(\.name),
            "entries": JSONWriter.Fragment(text: marker),
        ]
        // The marker holds a control character, which every JSON string escapes: its only raw
        // occurrence is the one put there.
        let whole = JSONWriter.compact(document)
        let split = whole.range(of: marker)!
        return Parts(order: order, entries: entries, head: "GuideSite.searchIndex = " + String(whole[..<split.lowerBound]) + "[",
                     tail: "]" + String(whole[split.upperBound...]) + ";\n")
    }

    /// The tables of an index of the pages at `order` (site indices, in index order).
    static func maker(for site: Site, order: [Int]) -> EntryMaker {
        let sectionIndex = Dictionary(site.sections.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let categoryIndex = Dictionary(site.categories.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let platformNames = site.config.platforms
        var criteria: [String] = []
        var seen = Set<String>()
        // The pages citing each criterion, where the site was linked (`SiteAssembler`): which of
        // them are indexed is a look-up by position, not a string hashed per reference (read page
        // by page, the criteria were a sixth of a preview's body edit at 10,000 entries).
        var scanned = order
        if !site.criterionPages.isEmpty {
            var indexed = [Bool](repeating: false, count: site.pages.count)
            for index in order { indexed[index] = true }
            for (number, pages) in site.criterionPages where pages.contains(where: { indexed[$0] }) && seen.insert(number).inserted {
                criteria.append(number)
            }
            scanned = order.filter { !SiteAssembler.citingKinds.contains(site.pages[$0].kind) }
        }
        for index in scanned {
            for reference in site.pages[index].criteria where seen.insert(reference.number).inserted { criteria.append(reference.number) }
        }
        criteria.sort { (WCAG22.position[$0] ?? .max, $0) < (WCAG22.position[$1] ?? .max, $1) }
        let criterionIndex = Dictionary(criteria.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return EntryMaker(sectionIndex: sectionIndex, categoryIndex: categoryIndex,
                          platformNames: platformNames, criterionIndex: criterionIndex, platformMatcher: PlatformMatcher(names: platformNames))
    }
}
