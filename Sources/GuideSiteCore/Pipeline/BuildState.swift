import Foundation

/// What the last successful `guidesite build` of the full site needs to bring its output up to
/// date after edits inside a few entries' bodies without reading the others again: the linked
/// site (every page without its HTML), each Markdown file's stamp, page and problems, the files
/// of the output and how the spare site beside it differs from them, and where each entry sits
/// in the search index. Kept in `.guidesite-cache/` next to the build record, as Hugo and Jekyll
/// keep their caches; any doubt about it (another binary, settings, a damaged file, an output or
/// spare folder replaced by anything else) means a full build.
struct BuildState {
    static let magic = Array("guidesite-state/2\n".utf8)
    static let pagesMagic = Array("guidesite-pages/2\n".utf8)

    /// `BuildRecord.Inputs.settings` of the build that wrote it.
    var settings: String
    /// Inodes of the output folder and of the spare site beside it, after that build.
    var outputInode: UInt64
    var spareInode: UInt64
    /// Every file of the output, relative to it (what the build wrote, not `subsets/`).
    var files: [String]
    /// Files of the output that the spare site holds other bytes for, or lacks, and files the
    /// spare site holds that the output does not; nil when unknown (then it is not reused).
    var differing: [String]?
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
    /// The linked site. Read back, its pages hold no HTML, no Markdown, and (see `wholePage`)
    /// no front matter entries or links.
    var site: Site
    /// The search index: site indices of its entries in order, each entry's length in bytes,
    /// the length of what precedes the first, and the whole file's size.
    var searchOrder: [Int]
    var searchLengths: [Int]
    var searchHead: Int
    var searchSize: Int
    var pagesWritten: Int
    var pastedText: Int
    /// The pages file (each page's record, appended to when pages change): its token, where
    /// each page's record is, and how many of its bytes no page uses any more.
    var token: UInt64 = 0
    var records: [Range<Int>] = []
    var unusedBytes = 0
    /// The pages file, mapped, when the state was read.
    private var pagesData: MappedFile?

    /// Where the state of builds into `output` lives (and its pages, with extension `pages`).
    static func location(root: URL, output: URL) -> URL {
        var url = BuildRecord.location(root: root, output: output)
        url.deletePathExtension()
        return url.appendingPathExtension("state")
    }

    private static func pagesLocation(_ url: URL) -> String {
        url.deletingPathExtension().appendingPathExtension("pages").path
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

    // MARK: Writing

    /// Writes the pages file (every page's record, encoded on every core) and then the state.
    /// `encoded`: the pages file of `site.pages`, made beforehand (see `PagesFile`).
    mutating func writeWithPages(to url: URL, encoded: PagesFile? = nil) {
        let file = encoded?.wait() ?? PagesFile.encode(site.pages)
        guard file.records.count == site.pages.count else { return Self.remove(at: url) }
        let bytes = file.bytes
        records = file.records
        token = file.token
        unusedBytes = 0
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard Self.replace(Self.pagesLocation(url), with: bytes) else { return Self.remove(at: url) }
        writeState(to: url)
    }

    /// Appends the records of the pages at `positions` to the pages file and writes the state
    /// that points to them; false when the pages file is not the one this state was read with.
    mutating func appendPages(_ positions: [Int], to url: URL) -> Bool {
        let path = Self.pagesLocation(url)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == pagesData?.count else { return false }
        var offset = Int(info.st_size)
        var bytes: [UInt8] = []
        var ranges = records
        for position in positions {
            var writer = ByteWriter()
            writer.page(site.pages[position])
            unusedBytes += ranges[position].count
            ranges[position] = offset..<(offset + writer.bytes.count)
            offset += writer.bytes.count
            bytes += writer.bytes
        }
        let written = bytes.withUnsafeBytes { buffer in Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
        guard written == bytes.count else { return false }
        records = ranges
        writeState(to: url)
        return true
    }

    private func writeState(to url: URL) {
        var header = ByteWriter()
        header.string(settings)
        header.uint64(outputInode)
        header.uint64(spareInode)
        header.strings(files)
        header.optional(differing) { $0.strings($1) }
        header.uint64(token)
        header.array(records) { writer, range in
            writer.int(range.lowerBound)
            writer.int(range.count)
        }
        header.int(unusedBytes)
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
        if !Self.replace(url.path, with: Self.magic + header.bytes) { Self.remove(at: url) }
    }

    /// Writes `bytes` to a new file renamed over `path`.
    private static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        let temporary = path + ".new-\(getpid())"
        let written = bytes.withUnsafeBytes { (try? FileWriting.write($0, to: temporary)) ?? false }
        if written, rename(temporary, path) == 0 { return true }
        unlink(temporary)
        return false
    }

    /// Removes the state at `url` (its pages file stays for the next full build to replace).
    static func remove(at url: URL) {
        unlink(url.path)
    }

    // MARK: Reading

    /// The state, or nil when there is none or it cannot be trusted. `settings` is checked
    /// before anything else is decoded; pages are decoded on every core, without their front
    /// matter entries and links.
    static func read(from url: URL, settings expected: String) -> BuildState? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { raw -> BuildState? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            do {
                guard try header.string() == expected else { return nil }
                return try BuildState(header: &header, settings: expected, pagesPath: pagesLocation(url))
            } catch {
                if ProcessInfo.processInfo.environment["GS_DEBUG"] != nil { print("state: \(error)") }
                return nil
            }
        }
    }

    private init(header: inout ByteReader, settings: String, pagesPath: String) throws {
        self.settings = settings
        outputInode = try header.uint64()
        spareInode = try header.uint64()
        files = try header.strings()
        differing = try header.optional { try $0.strings() }
        token = try header.uint64()
        records = try header.array(minimumSize: 2) { reader in
            let start = try reader.int(), count = try reader.int()
            guard start >= 0, count >= 0 else { throw ByteReader.Damaged() }
            return start..<(start + count)
        }
        unusedBytes = try header.int()
        guard let data = MappedFile(path: pagesPath),
              data.count >= Self.pagesMagic.count + 8, records.allSatisfy({ $0.upperBound <= data.count }) else { throw ByteReader.Damaged() }
        let token = self.token
        let ranges = records
        let pages: [Page]? = data.withUnsafeBytes { raw -> [Page]? in
            guard raw.prefix(Self.pagesMagic.count).elementsEqual(Self.pagesMagic),
                  raw.loadUnaligned(fromByteOffset: Self.pagesMagic.count, as: UInt64.self) == token.littleEndian else { return nil }
            let base = UncheckedSendable(raw)
            // In chunks on every core.
            let chunkSize = max(256, (ranges.count + 7) / 8)
            let chunks = stride(from: 0, to: ranges.count, by: chunkSize).map { $0..<min($0 + chunkSize, ranges.count) }
            let decoded = chunks.concurrentMap { chunk -> [Page]? in
                var pages: [Page] = []
                pages.reserveCapacity(chunk.count)
                for index in chunk {
                    var reader = ByteReader(UnsafeRawBufferPointer(rebasing: base.value[ranges[index]]))
                    guard let page = try? reader.page(whole: false), reader.isAtEnd else { return nil }
                    pages.append(page)
                }
                return pages
            }
            var pages: [Page] = []
            pages.reserveCapacity(ranges.count)
            for chunk in decoded {
                guard let chunk else { return nil }
                pages += chunk
            }
            return pages
        }
        guard let pages else { throw ByteReader.Damaged() }
        pagesData = data
        stamps = try header.array(minimumSize: 1) { reader in try reader.optional { try $0.stamp() } }
        pageOfFile = try header.ints()
        fileDiagnostics = try header.array(minimumSize: 1) { try $0.diagnostics() }
        linkDiagnostics = try header.array(minimumSize: 1) { try $0.diagnostics() }
        otherDiagnostics = try header.diagnostics()
        site = try header.siteStructure(pages: pages)
        searchOrder = try header.ints()
        searchLengths = try header.ints()
        searchHead = try header.int()
        searchSize = try header.int()
        pagesWritten = try header.int()
        pastedText = try header.int()
        guard header.isAtEnd, stamps.count == pageOfFile.count, stamps.count == fileDiagnostics.count, linkDiagnostics.count == pages.count,
              searchOrder.count == searchLengths.count, pageOfFile.allSatisfy({ $0 >= -1 && $0 < pages.count }),
              searchOrder.allSatisfy({ $0 >= 0 && $0 < pages.count }) else { throw ByteReader.Damaged() }
    }

    /// The page at `index` as it was stored, with its front matter entries and links.
    func wholePage(_ index: Int) -> Page? {
        guard let pagesData, records.indices.contains(index) else { return nil }
        return pagesData.withUnsafeBytes { raw in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: raw[records[index]]))
            guard let page = try? reader.page(whole: true), reader.isAtEnd else { return nil }
            return page
        }
    }

    /// The files of the output the state at `url` describes, when that output is the folder
    /// with inode `outputInode` (whatever the settings; only the header's start is read).
    static func outputFiles(at url: URL, outputInode: UInt64?) -> [String]? {
        guard let outputInode, let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { raw -> [String]? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            do {
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
        let keep = [url.lastPathComponent, url.deletingPathExtension().appendingPathExtension("pages").lastPathComponent]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where (name.hasSuffix(".state") || name.hasSuffix(".pages")) && !keep.contains(name) {
            unlink(folder.path + "/" + name)
        }
    }
}

/// The bytes of a pages file: every page's record after the magic line and a token, made on
/// another thread while the build commits its output.
final class PagesFile: @unchecked Sendable {
    private let group = DispatchGroup()
    private var made: (bytes: [UInt8], records: [Range<Int>], token: UInt64) = ([], [], 0)

    init(pages: [Page]) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in made = Self.encode(pages) }
    }

    func wait() -> (bytes: [UInt8], records: [Range<Int>], token: UInt64) {
        group.wait()
        return made
    }

    static func encode(_ pages: [Page]) -> (bytes: [UInt8], records: [Range<Int>], token: UInt64) {
        var token: UInt64 = 0
        while token == 0 { token = UInt64.random(in: 1...UInt64.max) }
        var bytes = BuildState.pagesMagic
        withUnsafeBytes(of: token.littleEndian) { bytes.append(contentsOf: $0) }
        var records: [Range<Int>] = []
        records.reserveCapacity(pages.count)
        var writer = ByteWriter()
        for page in pages {
            writer.bytes.removeAll(keepingCapacity: true)
            writer.page(page)
            records.append(bytes.count..<(bytes.count + writer.bytes.count))
            bytes.append(contentsOf: writer.bytes)
        }
        return (bytes, records, token)
    }
}

/// A file mapped into memory, read only, unmapped when the last copy goes.
final class MappedFile: @unchecked Sendable {
    private let address: UnsafeMutableRawPointer
    let count: Int

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        count = Int(info.st_size)
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        address = mapped
    }

    deinit {
        munmap(address, count)
    }

    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: address, count: count))
    }
}

/// A value handed to other threads that only read it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
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
        bool(matter.isPresent)
        // The one entry other pages read: `platforms`, for the search page's filter.
        optional(matter.entries["platforms"]) { $0.frontEntries([$1]) }
        string(page.title)
        string(page.layout)
        let body = page.body
        // Link checking reads every page's heading ids, the search page every entry's
        // platforms (headings named after one); their lines only the page itself.
        array(body.headings) { writer, heading in
            writer.int(heading.level)
            writer.string(heading.text)
            writer.string(heading.id)
        }
        optional(body.title) { $0.string($1) }
        array(page.criteria) { writer, reference in
            writer.string(reference.number)
            writer.bool(reference.fromFrontMatter)
            writer.bool(reference.fromBody)
        }
        bool(page.isPastedText)
        optional(page.subject) { $0.string($1) }
        int(page.bodyFirstLine)
        // What only the page itself shows or checks, after its length: a page that is not
        // rendered again is read without it.
        var heavy = ByteWriter()
        for heading in body.headings { heavy.int(heading.line) }
        heavy.frontEntries(matter.entries)
        heavy.sourceLinks(body.links)
        int(heavy.bytes.count)
        bytes.append(contentsOf: heavy.bytes)
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
        try array(minimumSize: 3) { reader in
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
        try array(minimumSize: 3) { reader in
            FrontEntry(key: try reader.string(), value: try reader.frontValue(depth: depth), line: try reader.int(), column: try reader.int())
        }
    }

    mutating func sourceLinks() throws -> [SourceLink] {
        try array(minimumSize: 3) { reader in
            SourceLink(target: try reader.string(), line: try reader.int(), column: try reader.int())
        }
    }

    /// A page; without `whole`, its front matter entries and links are skipped (see
    /// `ByteWriter.page`).
    mutating func page(whole: Bool) throws -> Page {
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
        matter.isPresent = try bool()
        let platforms = try optional { try $0.frontEntries() } ?? []
        let title = try string(), layout = try string()
        var body = RenderedBody(html: "", headings: try array(minimumSize: 3) { reader in
            Heading(level: try reader.int(), text: try reader.string(), id: try reader.string(), line: 0)
        })
        body.title = try optional { try $0.string() }
        let criteria = try array(minimumSize: 2) { reader in
            CriterionReference(number: try reader.string(), fromFrontMatter: try reader.bool(), fromBody: try reader.bool())
        }
        let isPastedText = try bool()
        let subject = try optional { try $0.string() }
        let bodyFirstLine = try int()
        let heavyLength = try count()
        if whole {
            var heavy = ByteReader(try bytes(heavyLength))
            for index in body.headings.indices { body.headings[index].line = try heavy.int() }
            matter.entries = try heavy.frontEntries()
            body.links = try heavy.sourceLinks()
            guard heavy.isAtEnd else { throw Damaged() }
        } else {
            matter.entries = platforms
            _ = try bytes(heavyLength)
        }
        // A page read without its entries has no front matter key: it is never compared.
        var page = Page(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route, frontMatter: matter,
                        frontMatterKey: whole ? matter.hashValue : 0, title: title, layout: layout, body: body, markdown: "",
                        bodyFirstLine: bodyFirstLine)
        page.criteria = criteria
        page.isPastedText = isPastedText
        page.subject = subject
        return page
    }

    mutating func siteStructure(pages: [Page]) throws -> Site {
        func valid(_ index: Int) throws -> Int {
            guard index >= 0, index < pages.count else { throw Damaged() }
            return index
        }
        let sections = try array(minimumSize: 3) { reader in
            SiteSection(name: try reader.string(), title: try reader.string(), description: try reader.optional { try $0.string() },
                        page: try valid(try reader.int()), entries: try reader.ints().map(valid))
        }
        let home = try valid(try int())
        var site = Site(config: SiteConfig(), pages: pages, sections: sections, home: home, assets: [])
        site.categories = try array(minimumSize: 3) { reader in
            SiteCategory(slug: try reader.string(), title: try reader.string(), description: try reader.optional { try $0.string() },
                         page: try valid(try reader.int()), entries: try reader.ints().map(valid))
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try reader.string(), try reader.ints().map(valid)) }) {
            site.criterionPages[key] = value
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try reader.string(), try valid(try reader.int())) }) {
            site.criterionPage[key] = value
        }
        for (key, value) in try array(minimumSize: 2, { reader in (try valid(try reader.int()), try reader.ints().map(valid)) }) {
            site.related[key] = value
        }
        site.criteriaIndex = try optional { try valid(try $0.int()) }
        site.coverage = try optional { try valid(try $0.int()) }
        site.categoryIndex = try optional { try valid(try $0.int()) }
        site.search = try optional { try valid(try $0.int()) }
        // `pageIndex` stays empty: the patch renders a few pages, whose lists make their links as
        // they go (`PageContextBuilder` without `precomputeLinks`), and looks pages up no other way.
        return site
    }
}
