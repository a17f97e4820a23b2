import Foundation

/// What the last successful `guidesite build` of the full site needs to bring its output up to
/// date after edits inside a few entries' bodies without reading the others again: the linked
/// site (every page without its HTML), each Markdown file's stamp, page and problems, the files
/// of the output and how the spare site beside it differs from them, and where each entry sits
/// in the search index. Kept in `.guidesite-cache/` next to the build record, as Hugo and Jekyll
/// keep their caches; any doubt about it (another binary, settings, a damaged file, an output or
/// spare folder replaced by anything else) means a full build.
struct BuildState {
    static let magic = Array("guidesite-state/1\n".utf8)

    /// `BuildRecord.Inputs.settings` of the build that wrote it.
    var settings: String
    /// Inodes of the output folder and of the spare site beside it, after that build.
    var outputInode: UInt64
    var spareInode: UInt64
    /// Per Markdown file, in walk order: its stamp (nil: not trusted, read again next time), the
    /// index of its page in `site.pages` (-1: none, a draft or unreadable), and the problems its
    /// parsing and Markdown reported.
    var stamps: [FileStamp?]
    var pageOfFile: [Int]
    var fileDiagnostics: [[Diagnostic]]
    /// Per page of the site: the problems link checking reported.
    var linkDiagnostics: [[Diagnostic]]
    /// Every other problem of that build (walk, site.yml, theme, layouts, URLs).
    var otherDiagnostics: [Diagnostic]
    /// The linked site; pages hold no HTML and no Markdown.
    var site: Site
    /// Every file of the output, relative to it (what the build wrote, not `subsets/`).
    var files: [String]
    /// Files of the output that the spare site holds other bytes for, or lacks, and files the
    /// spare site holds that the output does not; nil when unknown (then it is not reused).
    var differing: [String]?
    /// The search index: site indices of its entries in order, each entry's length in bytes,
    /// the length of what precedes the first, and the whole file's size.
    var searchOrder: [Int]
    var searchLengths: [Int]
    var searchHead: Int
    var searchSize: Int
    var pagesWritten: Int
    var pastedText: Int

    /// Where the state of builds into `output` lives.
    static func location(root: URL, output: URL) -> URL {
        var url = BuildRecord.location(root: root, output: output)
        url.deletePathExtension()
        return url.appendingPathExtension("state")
    }

    // MARK: Writing

    /// The bytes: a header, then one record per page, so pages decode on every core and a
    /// rebuild that changed a few pages copies the others' records as they are.
    func encoded(pageRecords: [ArraySlice<UInt8>]? = nil) -> [UInt8] {
        var header = ByteWriter()
        header.string(settings)
        header.uint64(outputInode)
        header.uint64(spareInode)
        header.strings(files)
        header.optional(differing) { $0.strings($1) }
        header.array(stamps) { writer, stamp in writer.optional(stamp) { $0.stamp($1) } }
        header.ints(pageOfFile)
        header.array(fileDiagnostics) { $0.diagnostics($1) }
        header.array(linkDiagnostics) { $0.diagnostics($1) }
        header.diagnostics(otherDiagnostics)
        header.siteStructure(site)
        header.ints(searchOrder)
        header.ints(searchLengths)
        header.int(searchHead)
        header.int(searchSize)
        header.int(pagesWritten)
        header.int(pastedText)
        var records: [ArraySlice<UInt8>]
        if let pageRecords {
            records = pageRecords
        } else {
            records = site.pages.map { page in
                var writer = ByteWriter()
                writer.page(page)
                return writer.bytes[...]
            }
        }
        var out = Self.magic
        var lengths = ByteWriter()
        lengths.int(header.bytes.count)
        lengths.ints(records.map(\.count))
        out.append(contentsOf: lengths.bytes)
        out.append(contentsOf: header.bytes)
        for record in records { out.append(contentsOf: record) }
        return out
    }

    /// Writes the state atomically (a new file renamed over the old one).
    func write(to url: URL, pageRecords: [ArraySlice<UInt8>]? = nil) {
        let bytes = encoded(pageRecords: pageRecords)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.path + ".new-\(getpid())"
        let written = bytes.withUnsafeBytes { (try? FileWriting.write($0, to: temporary)) ?? false }
        if written, rename(temporary, url.path) == 0 { return }
        unlink(temporary)
        unlink(url.path)
    }

    static func remove(at url: URL) {
        unlink(url.path)
    }

    // MARK: Reading

    /// The state and each page's record as stored, or nil when there is none or it cannot be
    /// trusted. `settings` is checked before the pages are decoded.
    static func read(from url: URL, settings expected: String) -> (state: BuildState, records: [ArraySlice<UInt8>])? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        let bytes = [UInt8](data)
        return bytes.withUnsafeBytes { raw -> (BuildState, [ArraySlice<UInt8>])? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var reader = ByteReader(raw, offset: magic.count)
            do {
                let headerLength = try reader.count()
                let lengths = try reader.ints()
                let headerStart = reader.offset
                var header = ByteReader(try reader.bytes(headerLength))
                guard try header.string() == expected else { return nil }
                var ranges: [Range<Int>] = []
                ranges.reserveCapacity(lengths.count)
                var position = headerStart + headerLength
                for length in lengths {
                    guard length >= 0, raw.count - position >= length else { return nil }
                    ranges.append(position..<(position + length))
                    position += length
                }
                guard position == raw.count else { return nil }
                let records = ranges.map { bytes[$0] }
                // Pages decode in chunks on every core; the header meanwhile on this one.
                let chunkSize = max(256, (records.count + 7) / 8)
                let chunks = stride(from: 0, to: records.count, by: chunkSize).map { $0..<min($0 + chunkSize, records.count) }
                let decoded = chunks.concurrentMap { chunk -> [Page]? in
                    var pages: [Page] = []
                    pages.reserveCapacity(chunk.count)
                    for index in chunk {
                        let page = records[index].withUnsafeBytes { raw -> Page? in
                            var reader = ByteReader(raw)
                            guard let page = try? reader.page(), reader.isAtEnd else { return nil }
                            return page
                        }
                        guard let page else { return nil }
                        pages.append(page)
                    }
                    return pages
                }
                var pages: [Page] = []
                pages.reserveCapacity(records.count)
                for chunk in decoded {
                    guard let chunk else { return nil }
                    pages += chunk
                }
                let state = try BuildState(header: &header, settings: expected, pages: pages)
                guard header.isAtEnd else { return nil }
                return (state, records)
            } catch {
                return nil
            }
        }
    }

    /// The files of the output the state at `url` describes, when that output is the folder
    /// with inode `outputInode` (whatever the settings; only the header's start is read).
    static func outputFiles(at url: URL, outputInode: UInt64?) -> [String]? {
        guard let outputInode, let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { raw -> [String]? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var reader = ByteReader(raw, offset: magic.count)
            do {
                let headerLength = try reader.count()
                _ = try reader.ints()
                var header = ByteReader(try reader.bytes(headerLength))
                _ = try header.string()
                guard try header.uint64() == outputInode else { return nil }
                _ = try header.uint64()
                return try header.strings()
            } catch {
                return nil
            }
        }
    }

    /// Removes the states of other output folders beside `url` (only the last build's is kept:
    /// each holds a whole site).
    static func removeOthers(besides url: URL) {
        let folder = url.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".state") && name != url.lastPathComponent {
            unlink(folder.path + "/" + name)
        }
    }

    private init(header: inout ByteReader, settings: String, pages: [Page]) throws {
        self.settings = settings
        outputInode = try header.uint64()
        spareInode = try header.uint64()
        files = try header.strings()
        differing = try header.optional { try $0.strings() }
        stamps = try header.array(minimumSize: 1) { reader in try reader.optional { try $0.stamp() } }
        pageOfFile = try header.ints()
        fileDiagnostics = try header.array(minimumSize: 8) { try $0.diagnostics() }
        linkDiagnostics = try header.array(minimumSize: 8) { try $0.diagnostics() }
        otherDiagnostics = try header.diagnostics()
        site = try header.siteStructure(pages: pages)
        searchOrder = try header.ints()
        searchLengths = try header.ints()
        searchHead = try header.int()
        searchSize = try header.int()
        pagesWritten = try header.int()
        pastedText = try header.int()
        guard stamps.count == pageOfFile.count, stamps.count == fileDiagnostics.count, linkDiagnostics.count == pages.count,
              searchOrder.count == searchLengths.count, pageOfFile.allSatisfy({ $0 >= -1 && $0 < pages.count }),
              searchOrder.allSatisfy({ $0 >= 0 && $0 < pages.count }) else { throw ByteReader.Damaged() }
    }

    init(settings: String, outputInode: UInt64, spareInode: UInt64, stamps: [FileStamp?], pageOfFile: [Int],
         fileDiagnostics: [[Diagnostic]], linkDiagnostics: [[Diagnostic]], otherDiagnostics: [Diagnostic], site: Site,
         files: [String], differing: [String]?, searchOrder: [Int], searchLengths: [Int], searchHead: Int, searchSize: Int,
         pagesWritten: Int, pastedText: Int) {
        self.settings = settings
        self.outputInode = outputInode
        self.spareInode = spareInode
        self.stamps = stamps
        self.pageOfFile = pageOfFile
        self.fileDiagnostics = fileDiagnostics
        self.linkDiagnostics = linkDiagnostics
        self.otherDiagnostics = otherDiagnostics
        self.site = site
        self.files = files
        self.differing = differing
        self.searchOrder = searchOrder
        self.searchLengths = searchLengths
        self.searchHead = searchHead
        self.searchSize = searchSize
        self.pagesWritten = pagesWritten
        self.pastedText = pastedText
    }

    /// A page's record, as `encoded` stores it.
    static func record(of page: Page) -> ArraySlice<UInt8> {
        var writer = ByteWriter()
        writer.page(page)
        return writer.bytes[...]
    }
}

// MARK: - The values of a state

extension ByteWriter {
    mutating func stamp(_ stamp: FileStamp) {
        int(Int(stamp.size))
        uint64(stamp.inode)
        int(stamp.seconds)
        int(stamp.nanoseconds)
    }

    mutating func diagnostics(_ list: [Diagnostic]) {
        array(list) { writer, diagnostic in
            writer.string(diagnostic.severity.rawValue)
            writer.string(diagnostic.path)
            writer.int(diagnostic.line)
            writer.int(diagnostic.column)
            writer.string(diagnostic.category)
            writer.string(diagnostic.message)
        }
    }

    mutating func frontValue(_ value: FrontValue) {
        switch value {
        case .text(let text): bytes.append(0); string(text)
        case .bool(let flag): bytes.append(1); bool(flag)
        case .null: bytes.append(2)
        case .list(let items): bytes.append(3); array(items) { $0.frontValue($1) }
        case .map(let entries): bytes.append(4); frontEntries(entries)
        }
    }

    mutating func frontEntries(_ entries: [FrontEntry]) {
        array(entries) { writer, entry in
            writer.string(entry.key)
            writer.frontValue(entry.value)
            writer.int(entry.line)
            writer.int(entry.column)
        }
    }

    mutating func sourceLinks(_ links: [SourceLink]) {
        array(links) { writer, link in
            writer.string(link.target)
            writer.int(link.line)
            writer.int(link.column)
        }
    }

    /// A page without its HTML and Markdown, and without the keys of one process's hashing.
    mutating func page(_ page: Page) {
        string(page.sourcePath)
        string(page.contentPath)
        string(page.kind.rawValue)
        optional(page.section) { $0.string($1) }
        string(page.route.path)
        string(page.route.file)
        let matter = page.frontMatter
        optional(matter.layout) { $0.string($1) }
        optional(matter.title) { $0.string($1) }
        optional(matter.description) { $0.string($1) }
        strings(matter.categories)
        optional(matter.order) { $0.double($1) }
        optional(matter.permalink) { $0.string($1) }
        bool(matter.draft)
        strings(matter.wcag)
        frontEntries(matter.entries)
        bool(matter.isPresent)
        string(page.title)
        string(page.layout)
        let body = page.body
        array(body.headings) { writer, heading in
            writer.int(heading.level)
            writer.string(heading.text)
            writer.string(heading.id)
            writer.int(heading.line)
        }
        optional(body.title) { $0.string($1) }
        sourceLinks(body.links)
        array(page.criteria) { writer, reference in
            writer.string(reference.number)
            writer.bool(reference.fromFrontMatter)
            writer.bool(reference.fromBody)
        }
        bool(page.isPastedText)
        optional(page.subject) { $0.string($1) }
        int(page.bodyFirstLine)
    }

    /// Everything of a site but its pages (which are stored one by one) and what is read again
    /// anyway (settings, copied files).
    mutating func siteStructure(_ site: Site) {
        array(site.sections) { writer, section in
            writer.string(section.name)
            writer.string(section.title)
            writer.optional(section.description) { $0.string($1) }
            writer.int(section.page)
            writer.ints(section.entries)
        }
        int(site.home)
        array(site.categories) { writer, category in
            writer.string(category.slug)
            writer.string(category.title)
            writer.optional(category.description) { $0.string($1) }
            writer.int(category.page)
            writer.ints(category.entries)
        }
        array(site.criterionPages.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.ints(item.value)
        }
        array(site.criterionPage.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.int(item.value)
        }
        array(site.related.sorted { $0.key < $1.key }) { writer, item in
            writer.int(item.key)
            writer.ints(item.value)
        }
        for index in [site.criteriaIndex, site.coverage, site.categoryIndex, site.search] {
            optional(index) { $0.int($1) }
        }
    }
}

extension ByteReader {
    mutating func stamp() throws -> FileStamp {
        FileStamp(size: Int64(try int()), inode: try uint64(), seconds: try int(), nanoseconds: try int())
    }

    mutating func diagnostics() throws -> [Diagnostic] {
        try array(minimumSize: 40) { reader in
            guard let severity = Diagnostic.Severity(rawValue: try reader.string()) else { throw Damaged() }
            let path = try reader.string(), line = try reader.int(), column = try reader.int()
            let category = try reader.string(), message = try reader.string()
            return Diagnostic(severity, path, line: line, column: column, category: category, message)
        }
    }

    mutating func frontValue(depth: Int = 0) throws -> FrontValue {
        guard depth < 200, offset < base.count else { throw Damaged() }
        offset += 1
        switch base[offset - 1] {
        case 0: return .text(try string())
        case 1: return .bool(try bool())
        case 2: return .null
        case 3: return .list(try array { try $0.frontValue(depth: depth + 1) })
        case 4: return .map(try frontEntries(depth: depth + 1))
        default: throw Damaged()
        }
    }

    mutating func frontEntries(depth: Int = 0) throws -> [FrontEntry] {
        try array(minimumSize: 25) { reader in
            FrontEntry(key: try reader.string(), value: try reader.frontValue(depth: depth), line: try reader.int(), column: try reader.int())
        }
    }

    mutating func sourceLinks() throws -> [SourceLink] {
        try array(minimumSize: 24) { reader in
            SourceLink(target: try reader.string(), line: try reader.int(), column: try reader.int())
        }
    }

    mutating func page() throws -> Page {
        let sourcePath = try string(), contentPath = try string()
        guard let kind = PageKind(rawValue: try string()) else { throw Damaged() }
        let section = try optional { try $0.string() }
        var route = Route(segments: [])
        route.path = try string()
        route.file = try string()
        var matter = FrontMatter()
        matter.layout = try optional { try $0.string() }
        matter.title = try optional { try $0.string() }
        matter.description = try optional { try $0.string() }
        matter.categories = try strings()
        matter.order = try optional { try $0.double() }
        matter.permalink = try optional { try $0.string() }
        matter.draft = try bool()
        matter.wcag = try strings()
        matter.entries = try frontEntries()
        matter.isPresent = try bool()
        let title = try string(), layout = try string()
        let headings = try array(minimumSize: 32) { reader in
            Heading(level: try reader.int(), text: try reader.string(), id: try reader.string(), line: try reader.int())
        }
        var body = RenderedBody(html: "", headings: headings)
        body.title = try optional { try $0.string() }
        body.links = try sourceLinks()
        var page = Page(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route, frontMatter: matter,
                        title: title, layout: layout, body: body, markdown: "", bodyFirstLine: 1)
        page.criteria = try array(minimumSize: 10) { reader in
            CriterionReference(number: try reader.string(), fromFrontMatter: try reader.bool(), fromBody: try reader.bool())
        }
        page.isPastedText = try bool()
        page.subject = try optional { try $0.string() }
        page.bodyFirstLine = try int()
        return page
    }

    mutating func siteStructure(pages: [Page]) throws -> Site {
        func valid(_ index: Int) throws -> Int {
            guard index >= 0, index < pages.count else { throw Damaged() }
            return index
        }
        let sections = try array(minimumSize: 40) { reader in
            SiteSection(name: try reader.string(), title: try reader.string(), description: try reader.optional { try $0.string() },
                        page: try valid(try reader.int()), entries: try reader.ints().map(valid))
        }
        let home = try valid(try int())
        var site = Site(config: SiteConfig(), pages: pages, sections: sections, home: home, assets: [])
        site.categories = try array(minimumSize: 40) { reader in
            SiteCategory(slug: try reader.string(), title: try reader.string(), description: try reader.optional { try $0.string() },
                         page: try valid(try reader.int()), entries: try reader.ints().map(valid))
        }
        for (key, value) in try array(minimumSize: 16, { reader in (try reader.string(), try reader.ints().map(valid)) }) {
            site.criterionPages[key] = value
        }
        for (key, value) in try array(minimumSize: 16, { reader in (try reader.string(), try valid(try reader.int())) }) {
            site.criterionPage[key] = value
        }
        for (key, value) in try array(minimumSize: 16, { reader in (try valid(try reader.int()), try reader.ints().map(valid)) }) {
            site.related[key] = value
        }
        site.criteriaIndex = try optional { try valid(try $0.int()) }
        site.coverage = try optional { try valid(try $0.int()) }
        site.categoryIndex = try optional { try valid(try $0.int()) }
        site.search = try optional { try valid(try $0.int()) }
        site.pageIndex = Dictionary(pages.enumerated().map { ($1.route, $0) }, uniquingKeysWith: { first, _ in first })
        return site
    }
}
