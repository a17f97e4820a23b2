import Foundation

/// How `LastBuild` writes and reads its values.
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
        // What only the page itself shows or checks goes last, its length first: a page that is
        // not rendered again is read without it. The body's identity leads: a subset's page that
        // links to one the subset leaves out differs from the full site's only by the two, and
        // is known to be the same page between them (`KnownPages`).
        var heavy = ByteWriter()
        for heading in page.body.headings { heavy.int(heading.line) }
        heavy.frontEntries(page.frontMatter.entries)
        heavy.sourceLinks(page.body.links)
        optional(page.body.identity) { $0.uint64($1.high); $0.uint64($1.low) }
        uint64(UInt64(heavy.bytes.count))
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
        array(matter.criteriaGroups) { writer, group in
            writer.string(group.name)
            writer.array(group.checks) { $0.string($1.text); $0.int($1.line); $0.int($1.column) }
        }
        strings(matter.unreadKeys)
        strings(matter.aliases)
        strings(matter.keywords)
        optional(matter.date) { $0.string($1) }
        optional(matter.lastModified) { $0.string($1) }
        strings(matter.authors)
        bool(matter.isPresent)
        // The entries other pages read (`FrontMatter.sharedKeys`): the search page's platforms,
        // the support matrix's results.
        frontEntries(matter.entries.filter { FrontMatter.sharedKeys.contains($0.key) })
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
        bool(page.hasTests)
        optional(page.subject) { $0.string($1) }
        optional(page.language) { $0.string($1) }
        optional(page.translates) { $0.string($1) }
        int(page.bodyFirstLine)
        array(page.acceptanceSections) { writer, section in
            writer.string(section.kind.rawValue)
            writer.string(section.heading)
            writer.array(section.lines) { $0.string($1.text); $0.optional($1.platform) { $0.string($1) } }
        }
        bytes.append(contentsOf: heavy.bytes)
    }

    /// A section or category: its name, title, description, page and entries.
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
        let identity = try optional { Digest128(high: try $0.uint64(), low: try $0.uint64()) }
        let heavyLength = Int(clamping: try uint64())
        guard heavyLength <= LastBuild.sizeLimit else { throw Damaged() }
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
        matter.criteriaGroups = try array(minimumSize: 2) { reader in
            CriteriaGroup(name: try reader.string(), checks: try reader.array(minimumSize: 3) { reader in
                CriteriaCheck(text: try reader.string(), line: try reader.int(), column: try reader.int())
            })
        }
        matter.unreadKeys = try strings()
        matter.aliases = try strings()
        matter.keywords = try strings()
        matter.date = try optional { try $0.string() }
        matter.lastModified = try optional { try $0.string() }
        matter.authors = try strings()
        matter.isPresent = try bool()
        let shared = try frontEntries()
        let title = try string(), layout = try string()
        var body = RenderedBody(html: "", headings: try array(minimumSize: 3) { reader in
            Heading(level: try reader.int(), text: try reader.string(), id: try reader.string(), line: 0)
        })
        body.title = try optional { try $0.string() }
        body.identity = identity
        let criteria = try array(minimumSize: 2) { reader in
            CriterionReference(number: try reader.string(), fromFrontMatter: try reader.bool(), fromBody: try reader.bool())
        }
        let isPastedText = try bool()
        let hasTests = try bool()
        let subject = try optional { try $0.string() }
        let language = try optional { try $0.string() }
        let translates = try optional { try $0.string() }
        let bodyFirstLine = try int()
        let acceptance = try array(minimumSize: 3) { reader in
            guard let kind = AcceptanceSection.Kind(rawValue: try reader.string()) else { throw Damaged() }
            return AcceptanceSection(kind: kind, heading: try reader.string(), lines: try reader.array(minimumSize: 2) { reader in
                AcceptanceSection.Line(text: try reader.string(), platform: try reader.optional { try $0.string() })
            })
        }
        if whole {
            var heavy = ByteReader(try bytes(heavyLength))
            for index in body.headings.indices { body.headings[index].line = try heavy.int() }
            matter.entries = try heavy.frontEntries()
            body.links = try heavy.sourceLinks()
            guard heavy.isAtEnd else { throw Damaged() }
        } else {
            matter.entries = shared
            _ = try bytes(heavyLength)
        }
        // A page read without its entries has no front matter key: it is never compared. A page
        // GuideSite makes (no file) has none to leave out: read whole, it keys as made.
        var page = Page(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route, frontMatter: matter,
                        frontMatterKey: whole || contentPath.isEmpty ? matter.hashValue : 0, title: title, layout: layout, body: body, markdown: "",
                        bodyFirstLine: bodyFirstLine)
        page.criteria = criteria
        page.isPastedText = isPastedText
        page.hasTests = hasTests
        page.subject = subject
        page.language = language
        page.translates = translates
        page.acceptanceSections = acceptance
        return page
    }
}
