import Foundation

/// `search/index.json`: what the search page searches, fetched by `search.js` only when a reader
/// first searches. Compact arrays rather than objects, since it is downloaded whole:
///
/// ```
/// { "format": "guidesite-search/1",
///   "sections": [[name, title]], "categories": [[slug, title]], "platforms": [name],
///   "criteria": [[number, name, level]],
///   "entries": [[title, href, section (index or -1), [category], [platform], [criterion],
///                headings joined by "\n", description, body text (first 400 characters)]] }
/// ```
/// Entries and plain pages, sorted by title; a subset's index holds only its own pages.
enum SearchIndex {
    static let format = "guidesite-search/1"
    /// Where it is written, relative to the site.
    static let path = "search/index.json"
    /// Names of the per-page parts in the build cache.
    static let entryCachePrefix = "search-entry:"
    /// Characters of body text kept per page: enough for a snippet and for words the headings
    /// and title do not have, while the index stays a small part of the site.
    static let bodyLimit = 400

    static func searchable(_ site: Site) -> [Int] {
        site.pages.indices.filter { [.entry, .page].contains(site.pages[$0].kind) }
            .map { (title: site.pages[$0].title.lowercased(), path: site.pages[$0].route.path, index: $0) }
            .sorted { ($0.title, $0.path) < ($1.title, $1.path) }
            .map(\.index)
    }

    /// With a `cache` (the preview server), each page's part is made again only when what it
    /// shows changed, so an edit costs one page's text, not the whole site's.
    static func json(for site: Site, basePath: String, cache: BuildCache? = nil) -> Data {
        let pages = searchable(site)
        let sectionIndex = Dictionary(site.sections.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let categoryIndex = Dictionary(site.categories.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let platformNames = site.config.platforms
        var criteria: [String] = []
        var seen = Set<String>()
        for index in pages {
            for reference in site.pages[index].criteria where seen.insert(reference.number).inserted { criteria.append(reference.number) }
        }
        criteria.sort { (WCAG22.position[$0] ?? .max, $0) < (WCAG22.position[$1] ?? .max, $1) }
        let criterionIndex = Dictionary(criteria.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var shared = Hasher()
        shared.combine(basePath)
        shared.combine(platformNames)
        shared.combine(sectionIndex.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        shared.combine(categoryIndex.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        shared.combine(criteria)
        let sharedKey = shared.finalize()
        let fragment: @Sendable (Page) -> JSONWriter.Fragment = { page in
            let values: JSONValue = .array([
                .string(page.title),
                .string(page.route.href(basePath: basePath)),
                .int(page.section.flatMap { sectionIndex[$0] } ?? -1),
                .ints(Array(Set(page.frontMatter.categories.compactMap { categoryIndex[Slug.make($0)] })).sorted()),
                .ints(platforms(of: page, names: platformNames).compactMap { name in platformNames.firstIndex(of: name) }),
                .ints(page.criteria.compactMap { criterionIndex[$0.number] }),
                .string(page.body.headings.map(\.text).joined(separator: "\n")),
                .string(page.frontMatter.description ?? ""),
                .string(plainText(html: page.body.html, limit: bodyLimit)),
            ])
            return JSONWriter.compactFragment(values)
        }
        let entries = pages.concurrentMap { index -> JSONWriter.Fragment in
            let page = site.pages[index]
            guard let cache else { return fragment(page) }
            var key = Hasher()
            key.combine(sharedKey)
            key.combine(page.route)
            key.combine(page.section)
            key.combine(page.contentKey)
            return cache.derived(entryCachePrefix + page.route.file, key: key.finalize()) { fragment(page) }
        }
        let document: [String: Any] = [
            "format": format,
            "sections": site.sections.map { [$0.name, $0.title] },
            "categories": site.categories.map { [$0.slug, $0.title] },
            "platforms": platformNames,
            "criteria": criteria.compactMap { number in WCAG22.byNumber[number].map { [$0.number, $0.name, $0.level] } },
            "entries": entries,
        ]
        return Data(JSONWriter.compact(document).utf8)
    }

    /// Everything the index reads, hashed: a rebuild writes the same bytes while it is unchanged.
    static func key(for site: Site, basePath: String) -> Int {
        var hasher = Hasher()
        hasher.combine(basePath)
        hasher.combine(site.config.platforms)
        for section in site.sections { hasher.combine(section.name); hasher.combine(section.title) }
        for category in site.categories { hasher.combine(category.slug); hasher.combine(category.title) }
        // Pages in site order: the hash needs no sorting, only every searchable page.
        for page in site.pages where [.entry, .page].contains(page.kind) {
            hasher.combine(page.route)
            hasher.combine(page.section)
            hasher.combine(page.contentKey)
        }
        return hasher.finalize()
    }

    /// The site's platforms an entry has a section for (a heading with the platform's name), or
    /// names in its front matter `platforms:`.
    static func platforms(of page: Page, names: [String]) -> [String] {
        let headings = Set(page.body.headings.map { $0.text.trimmingSpaces().lowercased() })
        var listed = Set<String>()
        if case .list(let items)? = page.frontMatter.entries["platforms"]?.value {
            for item in items { if let text = item.text { listed.insert(text.trimmingSpaces().lowercased()) } }
        }
        return names.filter { headings.contains($0.lowercased()) || listed.contains($0.lowercased()) }
    }

    /// The readable text of rendered body HTML, without tags, headings (indexed apart) or runs
    /// of white space, cut at a word boundary after at most `limit` characters.
    static func plainText(html: String, limit: Int) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(min(html.utf8.count, limit * 4 + 16))
        var inTag = false, skippingHeading = false, pendingSpace = false
        var tag: [UInt8] = []
        var characters = 0
        var bytes = html.utf8.makeIterator()
        while let byte = bytes.next(), characters < limit + 40 {
            if inTag {
                if byte == UInt8(ascii: ">") {
                    inTag = false
                    if tag.starts(with: Self.headingTag) { skippingHeading = true }
                    if skippingHeading, tag == Self.closingDiv { skippingHeading = false }
                    // Block ends separate words; inline ones (`</code>`, `</a>`) do not.
                    if Self.separatesWords(tag) { pendingSpace = true }
                } else if tag.count < 24 {
                    tag.append(byte)
                }
                continue
            }
            if byte == UInt8(ascii: "<") {
                inTag = true
                tag.removeAll(keepingCapacity: true)
                continue
            }
            if skippingHeading { continue }
            if byte == 32 || byte == 10 || byte == 9 || byte == 13 {
                pendingSpace = true
                continue
            }
            if pendingSpace, !text.isEmpty {
                text.append(32)
                characters += 1
            }
            pendingSpace = false
            text.append(byte)
            if byte & 0xC0 != 0x80 { characters += 1 }
        }
        var result = decodeEntities(String(decoding: text, as: UTF8.self))
        if result.count > limit {
            let cut = result.prefix(limit)
            result = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
        }
        return result
    }

    private static let headingTag = Array("div class=\"heading\"".utf8)
    private static let closingDiv = Array("/div".utf8)
    private static let blockTags: Set<[UInt8]> = Set(["p", "li", "ul", "ol", "pre", "div", "blockquote", "table", "tr", "td", "th",
                                                      "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "section", "dd", "dt"].map { Array($0.utf8) })

    /// Whether a tag (its text between `<` and `>`) ends or breaks a block.
    private static func separatesWords(_ tag: [UInt8]) -> Bool {
        var name: [UInt8] = []
        for byte in tag.drop(while: { $0 == UInt8(ascii: "/") }) {
            if byte == 32 || byte == UInt8(ascii: "/") || name.count == 10 { break }
            name.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return blockTags.contains(name)
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingBytes("&lt;", with: "<").replacingBytes("&gt;", with: ">").replacingBytes("&quot;", with: "\"")
            .replacingBytes("&#39;", with: "'").replacingBytes("&amp;", with: "&")
    }
}
