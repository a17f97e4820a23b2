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
    /// Characters of body text kept per page: enough for a snippet and for words the headings
    /// and title do not have, while the index stays a small part of the site.
    static let bodyLimit = 400

    static func searchable(_ site: Site) -> [Int] {
        site.pages.indices.filter { [.entry, .page].contains(site.pages[$0].kind) }
            .map { (title: site.pages[$0].title.lowercased(), path: site.pages[$0].route.path, index: $0) }
            .sorted { ($0.title, $0.path) < ($1.title, $1.path) }
            .map(\.index)
    }

    /// The index as its parts: what goes before and after the entries, and each entry's JSON in
    /// `order`, so a rebuild that changed a few pages' bodies writes just those entries again.
    struct Parts {
        /// Site indices of the searchable pages, in index order.
        var order: [Int]
        /// Each entry's JSON, in `order`.
        var entries: [JSONWriter.Fragment]
        /// Positions in `order` by site index.
        var slots: [Int: Int]
        var head: String
        var tail: String
        var maker: EntryMaker

        /// The bytes, when they are known to be those of the last index.
        var known: Data?

        var data: Data {
            if let known { return known }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(head.utf8.count + tail.utf8.count + entries.reduce(0) { $0 + $1.bytes.count + 1 })
            bytes.append(contentsOf: head.utf8)
            for (position, entry) in entries.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: entry.bytes)
            }
            bytes.append(contentsOf: tail.utf8)
            return Data(bytes)
        }

        /// Where each entry sits in `data`.
        var layout: Layout {
            Layout(order: order, lengths: entries.map(\.bytes.count), head: head.utf8.count,
                   size: head.utf8.count + tail.utf8.count + entries.reduce(0) { $0 + $1.bytes.count } + max(entries.count - 1, 0))
        }

        /// The parts after the pages at `changed` (site indices) changed only inside their bodies:
        /// titles, sections, categories and criteria are the same, so the order and the shared
        /// tables stay.
        func updating(_ changed: [Int], in site: Site) -> Parts {
            var parts = self
            for index in changed {
                guard let slot = slots[index] else { continue }
                let entry = maker.entry(site.pages[index])
                // An edit after the first 400 characters of text leaves the entry as it was.
                if entry != parts.entries[slot] {
                    parts.entries[slot] = entry
                    parts.known = nil
                }
            }
            return parts
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
    struct EntryMaker: Sendable, Equatable {
        let basePath: String
        let sectionIndex: [String: Int]
        let categoryIndex: [String: Int]
        let platformNames: [String]
        let criterionIndex: [String: Int]

        func entry(_ page: Page) -> JSONWriter.Fragment {
            JSONWriter.compactFragment(JSONValue.array([
                .string(page.title),
                .string(page.route.href(basePath: basePath)),
                .int(page.section.flatMap { sectionIndex[$0] } ?? -1),
                .ints(Array(Set(page.frontMatter.categories.compactMap { categoryIndex[Slug.make($0)] })).sorted()),
                .ints(SearchIndex.platforms(of: page, names: platformNames).compactMap { name in platformNames.firstIndex(of: name) }),
                .ints(page.criteria.compactMap { criterionIndex[$0.number] }),
                .string(page.body.headings.map(\.text).joined(separator: "\n")),
                .string(page.frontMatter.description ?? ""),
                .string(SearchIndex.plainText(html: page.body.html, limit: SearchIndex.bodyLimit)),
            ]))
        }
    }

    static func json(for site: Site, basePath: String) -> Data {
        parts(for: site, basePath: basePath).data
    }

    /// With `previous` (the preview server's last index), an entry whose page is the same copy
    /// as before and whose shared tables did not change is not written again.
    static func parts(for site: Site, basePath: String, previous: (parts: Parts, pages: [Page])? = nil) -> Parts {
        let order = searchable(site)
        let maker = maker(for: site, order: order, basePath: basePath)
        let criteria = maker.criterionIndex.sorted { $0.value < $1.value }.map(\.key)
        let platformNames = maker.platformNames
        // Reuse needs the same tables and the same page (one pointer comparison per page).
        var known: [Route: (page: Page, entry: JSONWriter.Fragment)] = [:]
        if let previous, previous.parts.maker == maker {
            for (index, slot) in previous.parts.slots { known[previous.pages[index].route] = (previous.pages[index], previous.parts.entries[slot]) }
        }
        let reusable = known
        let entries = order.concurrentMap { index -> JSONWriter.Fragment in
            let page = site.pages[index]
            if let known = reusable[page.route], known.page.sharesStorage(with: page) { return known.entry }
            return maker.entry(page)
        }
        let marker = "\u{1}entries\u{1}"
        let document: [String: Any] = [
            "format": format,
            "sections": site.sections.map { [$0.name, $0.title] },
            "categories": site.categories.map { [$0.slug, $0.title] },
            "platforms": platformNames,
            "criteria": criteria.compactMap { number in WCAG22.byNumber[number].map { [$0.number, $0.name, $0.level] } },
            "entries": JSONWriter.Fragment(text: marker),
        ]
        // The marker holds a control character, which every JSON string escapes: its only raw
        // occurrence is the one put there.
        let whole = JSONWriter.compact(document)
        let split = whole.range(of: marker)!
        return Parts(order: order, entries: entries,
                     slots: Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }),
                     head: String(whole[..<split.lowerBound]) + "[", tail: "]" + String(whole[split.upperBound...]), maker: maker)
    }

    /// The tables of an index of the pages at `order` (site indices, in index order).
    static func maker(for site: Site, order: [Int], basePath: String) -> EntryMaker {
        let sectionIndex = Dictionary(site.sections.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let categoryIndex = Dictionary(site.categories.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let platformNames = site.config.platforms
        var criteria: [String] = []
        var seen = Set<String>()
        for index in order {
            for reference in site.pages[index].criteria where seen.insert(reference.number).inserted { criteria.append(reference.number) }
        }
        criteria.sort { (WCAG22.position[$0] ?? .max, $0) < (WCAG22.position[$1] ?? .max, $1) }
        let criterionIndex = Dictionary(criteria.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return EntryMaker(basePath: basePath, sectionIndex: sectionIndex, categoryIndex: categoryIndex,
                          platformNames: platformNames, criterionIndex: criterionIndex)
    }

    /// The site's platforms (in site.yml's order) that any of the pages at `indices` has
    /// (see `platforms(of:names:)`): the search page's platform filter.
    static func platformsPresent(in indices: [Int], of site: Site) -> [String] {
        var present = Set<String>()
        let names = site.config.platforms
        for index in indices {
            present.formUnion(platforms(of: site.pages[index], names: names))
            if present.count == names.count { break }
        }
        return names.filter(present.contains)
    }

    /// The site's platforms an entry has a section for (a heading with the platform's name), or
    /// names in its front matter `platforms:`.
    static func platforms(of page: Page, names: [String]) -> [String] {
        guard !names.isEmpty else { return [] }
        let lowered = names.map { $0.lowercased() }
        let lengths = Set(lowered.map(\.utf8.count))
        var found = Set<String>()
        func note(_ text: String) {
            let trimmed = text.trimmingSpaces()
            // ASCII text keeps its length when lowercased: a heading of another length than
            // every platform name (most headings) is passed over without lowercasing it.
            if !lengths.contains(trimmed.utf8.count), trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return }
            let key = trimmed.lowercased()
            if lowered.contains(key) { found.insert(key) }
        }
        for heading in page.body.headings { note(heading.text) }
        if case .list(let items)? = page.frontMatter.entries["platforms"]?.value {
            for item in items { if let text = item.text { note(text) } }
        }
        return names.indices.filter { found.contains(lowered[$0]) }.map { names[$0] }
    }

    /// The readable text of rendered body HTML, without tags, headings (indexed apart) or runs
    /// of white space, cut at a word boundary after at most `limit` characters.
    static func plainText(html: String, limit: Int) -> String {
        var html = html
        var text: [UInt8] = []
        var inTag = false, skippingHeading = false, pendingSpace = false
        // The tag being read: its first bytes, and how many there were (up to 24 are kept).
        var tag = TagBytes()
        var characters = 0
        html.withUTF8 { bytes in
            text.reserveCapacity(min(bytes.count, limit * 4 + 16))
            for byte in bytes {
                guard characters < limit + 40 else { break }
                if inTag {
                    if byte == UInt8(ascii: ">") {
                        inTag = false
                        if tag.starts(with: Self.headingTag) { skippingHeading = true }
                        if skippingHeading, tag.equals(Self.closingDiv) { skippingHeading = false }
                        // Block ends separate words; inline ones (`</code>`, `</a>`) do not.
                        if Self.separatesWords(tag) { pendingSpace = true }
                    } else {
                        tag.append(byte)
                    }
                    continue
                }
                if byte == UInt8(ascii: "<") {
                    inTag = true
                    tag = TagBytes()
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
        }
        var result = decodeEntities(String(decoding: text, as: UTF8.self))
        // Printable ASCII, the usual text, is one character a byte: cut without counting
        // characters (which took as long as reading the HTML).
        if result.withUTF8({ bytes in !bytes.contains { $0 < 0x20 || $0 >= 0x7F } }) {
            guard result.utf8.count > limit else { return result }
            let cut = result.utf8.prefix(limit)
            return String(Substring(result.utf8[..<(cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex)]))
        }
        if result.count > limit {
            let cut = result.prefix(limit)
            result = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
        }
        return result
    }

    /// The first 24 bytes of a tag in a fixed buffer: no allocation per tag.
    struct TagBytes {
        private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        private(set) var count = 0

        mutating func append(_ byte: UInt8) {
            guard count < 24 else { return }
            withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
            count += 1
        }

        subscript(position: Int) -> UInt8 {
            withUnsafeBytes(of: storage) { $0[position] }
        }

        func starts(with prefix: [UInt8]) -> Bool {
            guard count >= prefix.count else { return false }
            for (position, byte) in prefix.enumerated() where self[position] != byte { return false }
            return true
        }

        func equals(_ other: [UInt8]) -> Bool {
            count == other.count && starts(with: other)
        }
    }

    private static let headingTag = Array("div class=\"heading\"".utf8)
    private static let closingDiv = Array("/div".utf8)
    /// Names of the tags that end or break a block, lowercase, each packed into an integer
    /// (`blockquote`, the one longer than eight bytes, is checked apart).
    private static let blockTags: Set<UInt64> = Set(["p", "li", "ul", "ol", "pre", "div", "table", "tr", "td", "th",
                                                     "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "section", "dd", "dt"].map { pack($0.utf8) })
    private static let blockquoteHead = pack("blockquo".utf8)

    /// Up to eight bytes as one integer, the first in the lowest byte.
    private static func pack(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Whether a tag (its text between `<` and `>`) ends or breaks a block.
    private static func separatesWords(_ tag: TagBytes) -> Bool {
        var position = 0
        while position < tag.count, tag[position] == UInt8(ascii: "/") { position += 1 }
        // The name: up to a space, a `/` or ten bytes, lowercased.
        var packed: UInt64 = 0
        var tail: [UInt8] = []
        var length = 0
        while position < tag.count, length < 10 {
            var byte = tag[position]
            if byte == 32 || byte == UInt8(ascii: "/") { break }
            // No block tag's name holds a NUL (which packing could not tell from the end).
            if byte == 0 { return false }
            if byte >= 65 && byte <= 90 { byte += 32 }
            if length < 8 { packed |= UInt64(byte) << (8 * UInt64(length)) } else { tail.append(byte) }
            length += 1
            position += 1
        }
        if length <= 8 { return blockTags.contains(packed) }
        return length == 10 && packed == blockquoteHead && tail == [UInt8(ascii: "t"), UInt8(ascii: "e")]
    }

    private static func decodeEntities(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ !$0.isEmpty && memchr($0.baseAddress!, Int32(UInt8(ascii: "&")), $0.count) != nil }) else { return text }
        return text.replacingBytes("&lt;", with: "<").replacingBytes("&gt;", with: ">").replacingBytes("&quot;", with: "\"")
            .replacingBytes("&#39;", with: "'").replacingBytes("&amp;", with: "&")
    }
}
