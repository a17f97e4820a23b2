import Foundation

/// Which pages the search page lists and the platforms its filter offers: read by the search
/// page's values (Templates) and by the search index (Output).
public enum SearchablePages {
    /// Where the search index is written, relative to the site.
    public static let indexPath = "search/index.js"
    /// The search page (`search/`, `fr/search/`) whose index `file` is or is a piece of; nil
    /// for any other file.
    public static func searchPage(ofScript file: String) -> String? {
        guard file.hasSuffix(".js") else { return nil }
        var start = file.startIndex
        while let found = file.range(of: "search/", range: start..<file.endIndex) {
            if found.lowerBound == file.startIndex || file[file.index(before: found.lowerBound)] == "/" {
                let rest = file[found.upperBound...]
                if rest == "index.js" || rest == "meta.js" || ["t/", "d/", "f/"].contains(where: { rest.hasPrefix($0) && !rest.dropFirst(2).contains("/") }) {
                    return String(file[..<found.upperBound])
                }
            }
            start = found.upperBound
        }
        return nil
    }

    /// The first piece of the index in pieces (`SearchShards`), which search.js loads first.
    static let searchMetaPath = "search/meta.js"

    /// The fields of each search result in the index's pieces (`search/d/N.js`), in order: the
    /// whole index's first six, then the excerpt.
    static var resultFields: [(name: String, meaning: String)] {
        Array(indexFields.prefix(6)) + [("excerpt", "Its `description:` and the start of its text, for the excerpt under the title.")]
    }

    /// The fields of each entry of the index, in the order they are written: the index names
    /// them (`fields`), search.js reads entries by these names, and docs/Content/theme/values.md lists them.
    static let indexFields: [(name: String, meaning: String)] = [
        ("title", "The page's title."),
        ("href", "Its address from the site's root (`native/picker/`)."),
        ("section", "Its section's position in `sections`, or -1 outside sections."),
        ("categories", "Positions in `categories`."),
        ("platforms", "Positions in `platforms` of the platforms it has notes for."),
        ("criteria", "Positions in `criteria` of the criteria it cites."),
        ("headings", "Its headings, one a line."),
        ("description", "Its `description:`, or empty."),
        ("text", "The start of its text (400 characters)."),
        ("keywords", "Its search words (`keywords:`), one a line."),
    ]

    static func isSearchable(_ page: Page) -> Bool {
        (page.kind == .entry || page.kind == .page) && !page.route.isInOtherLanguage
    }

    /// The searchable pages A to Z: by title without case or accents (`Écho` among the E's).
    static func searchable(_ site: Site) -> [Int] {
        // Positions sorted by keys made once: sorting the (title, path, index) triples moved
        // and retained two strings a swap.
        let indices = site.pages.indices.filter { isSearchable(site.pages[$0]) }
        let titles = indices.map { sortKey(site.pages[$0].title) }, paths = indices.map { site.pages[$0].route.path }
        return indices.indices.sorted { titles[$0] != titles[$1] ? titles[$0] < titles[$1] : paths[$0] < paths[$1] }.map { indices[$0] }
    }

    /// A title as the A to Z list orders it: lowercased, and without accents when it has any
    /// (ASCII titles, nearly all, skip Foundation's folding).
    static func sortKey(_ title: String) -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return title.lowercased() }
        return title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The site's platforms (in site.yml's order) that any of the pages at `indices` has
    /// (see `platforms(of:names:)`): the search page's platform filter.
    static func platformsPresent(in indices: [Int], of site: Site) -> [String] {
        let names = site.config.platforms
        let matcher = PlatformMatcher(names: names)
        var present = Set<Int>()
        for index in indices {
            present.formUnion(matcher.positions(in: site.pages[index]))
            if present.count == names.count { break }
        }
        return names.indices.filter(present.contains).map { names[$0] }
    }

    /// The site's platforms an entry has a section for (a heading with the platform's name), or
    /// names in its front matter `platforms:`.
    static func platforms(of page: Page, names: [String]) -> [String] {
        PlatformMatcher(names: names).positions(in: page).map { names[$0] }
    }
}

/// Finds the platforms a page names, with the names lowercased once for every page (a site with
/// a platform no entry has made the search page's filter scan all of them).
struct PlatformMatcher {
    private let lowered: [String]
    /// Whether a name has as many bytes as the position: asked of every heading of every page.
    private let lengths: [Bool]

    init(names: [String]) {
        lowered = names.map { $0.lowercased() }
        var lengths = Array(repeating: false, count: (lowered.map(\.utf8.count).max() ?? -1) + 1)
        for name in lowered { lengths[name.utf8.count] = true }
        self.lengths = lengths
    }

    /// Positions in `names` of the platforms `page` names, in order.
    func positions(in page: Page) -> [Int] {
        guard !lowered.isEmpty else { return [] }
        var found: [Int] = []
        func note(_ text: String) {
            let trimmed = text.trimmingSpaces()
            // ASCII text keeps its length when lowercased: a heading of another length than
            // every platform name (most headings) is passed over without lowercasing it.
            let length = trimmed.utf8.count
            if !(length < lengths.count && lengths[length]), trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return }
            let key = trimmed.lowercased()
            for position in lowered.indices where lowered[position] == key && !found.contains(position) { found.append(position) }
        }
        for heading in page.body.headings { note(heading.text) }
        if case .list(let items)? = page.frontMatter.entries["platforms"]?.value {
            for item in items { if let text = item.text { note(text) } }
        }
        return found.sorted()
    }
}
