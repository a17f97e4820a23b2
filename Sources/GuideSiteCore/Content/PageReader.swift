import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads one Markdown file into a `Page` whose body is not rendered yet: bytes to text, front
/// matter split and parsed, Liquid tags handled, route and default layout chosen.
public struct PageReader: Sendable {
    let layout: SiteLayout
    let config: SiteConfig
    /// The folder `{% include %}` reads from.
    private let includes: URL
    /// The includes folder as diagnostics show it, and the folders published at the site's root.
    private let includesDisplay: String
    private let publishedFolders: [URL]
    private let acceptance: AcceptanceSectionReader
    private var includeFiles = IncludeFiles()
    private let archetype: Archetype?

    /// The same reader with no include file read yet (it keeps each it reads: a reader kept from
    /// one build to the next would give an include as it was).
    func withIncludesUnread() -> PageReader {
        var reader = self
        reader.includeFiles = IncludeFiles()
        return reader
    }

    /// The largest Markdown file read as a page: 10 MB, hundreds of times a long guideline entry.
    public static let maximumBytes = 10_000_000

    /// Creates a reader for a site.
    public init(layout: SiteLayout, config: SiteConfig) {
        self.layout = layout
        self.config = config
        includes = layout.content.appending(path: config.includesFolder, directoryHint: .isDirectory)
        includesDisplay = layout.displayPath(includes)
        publishedFolders = [layout.content, layout.root.appending(path: "static", directoryHint: .isDirectory)]
        acceptance = AcceptanceSectionReader(headings: config.acceptanceHeadings, platforms: config.platforms)
        archetype = config.archetype.map(Archetype.init)
    }

    /// The file's bytes, or a diagnostic saying why they cannot be read.
    public func bytes(of file: ContentFile) -> Result<Data, Diagnostic> {
        func tooLarge(_ size: Int) -> Result<Data, Diagnostic> {
            .failure(Diagnostic(
                .error, layout.displayPath(file.url), line: 1, column: 1, category: "too-large",
                "file is \(size / 1_000_000) MB; a page may be at most \(Self.maximumBytes / 1_000_000) MB (no reader scrolls through more): split it into several pages"
            ))
        }
        var size = 0
        if let data = Self.readRegularFile(file.path, limit: Self.maximumBytes, size: &size) { return .success(data) }
        if size > Self.maximumBytes { return tooLarge(size) }
        var info = stat()
        if stat(file.path, &info) == 0, Int(info.st_size) > Self.maximumBytes { return tooLarge(Int(info.st_size)) }
        do {
            // Anything unusual (not a regular file, a read error) goes through Foundation, whose
            // error says what went wrong.
            return .success(try Data(contentsOf: file.url))
        } catch {
            return .failure(Diagnostic(.error, layout.displayPath(file.url), category: "io",
                                       "could not read the file: \(error.localizedDescription); check its permissions"))
        }
    }

    /// A regular file's bytes with one `open`, `fstat` and `read` (Foundation's
    /// `Data(contentsOf:)` cost several times that per file); nil when anything is unusual or
    /// the file is larger than `limit` (then `size` says how large).
    static func readRegularFile(_ path: String, limit: Int, size fileSize: inout Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        fileSize = size
        guard size <= limit else { return nil }
        var data = Data(count: size + 1)
        let count = data.withUnsafeMutableBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let read = Glibc.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return read < 0 ? -1 : offset }
                offset += read
            }
            return offset
        }
        // One byte more than `fstat` said was read: the file grew while being read.
        guard count >= 0, count <= size else { return nil }
        data.count = count
        return data
    }

    /// The page, or nil (with diagnostics) when the file cannot become one.
    /// `reads`: told each include file the page's text reads.
    public func read(_ file: ContentFile, reads: IncludeReads? = nil) -> Diagnosed<Page?> {
        switch bytes(of: file) {
        case .success(let data): read(file, data: data, reads: reads)
        case .failure(let problem): Diagnosed(nil, [problem])
        }
    }

    /// The page made from `data`, the bytes of `file`.
    public func read(_ file: ContentFile, data: Data, reads: IncludeReads? = nil) -> Diagnosed<Page?> {
        let path = layout.displayPath(ofFile: file.path)
        let decoded = SourceTextDecoder().decode(data, path: path)
        guard let text = decoded.value else { return Diagnosed(nil, decoded.diagnostics) }
        if text.allSatisfy(\.isWhitespace) {
            return Diagnosed(nil, [Diagnostic(.warning, path, line: 1, column: 1, category: "empty-file",
                                              "file is empty and was skipped; give it a title (`# Title`) and some text, or delete it")])
        }
        var diagnostics = decoded.diagnostics
        let split = FrontMatterSplitter().split(text, path: path)
        diagnostics += split.diagnostics
        var matter = FrontMatter()
        let defaults = config.frontMatterDefaults(for: file.relativePath)
        if split.value.frontMatter != nil || !defaults.isEmpty {
            let parsed = FrontMatterParser().parse(split.value.frontMatter, format: split.value.format, firstLine: split.value.frontMatterFirstLine,
                                                   path: path, defaults: defaults)
            matter = parsed.value
            diagnostics += parsed.diagnostics
        }
        if let reasons = Self.notBuilt(matter, path: path) { return Diagnosed(nil, diagnostics + reasons) }
        if let archetype, let title = matter.title { diagnostics += archetype.placeholders(in: text, title: title, path: path) }
        var body = split.value.body
        let pasted = !matter.isPresent && PastedTextConverter.looksPasted(body)
        if pasted { body = PastedTextConverter(platforms: config.platforms).convert(body) }
        let carried = ForeignMarkup.process(body, firstLine: split.value.bodyFirstLine, path: path)
        let mdx = MDXComponents.process(carried.value, firstLine: split.value.bodyFirstLine, path: path,
                                        components: config.library?.generator.writesComponents ?? false,
                                        interpolates: config.library?.generator == .vitepress)
        let foreign = Admonitions.process(ContentTabs.process(mdx.value), firstLine: split.value.bodyFirstLine, path: path)
        diagnostics += carried.diagnostics + mdx.diagnostics + foreign.diagnostics
        var preprocessor = LiquidPreprocessor(includes: includes, unsafeHTML: config.unsafeHTML, page: matter.entries, site: config.entries, data: config.data)
        preprocessor.evaluatesTemplates = (config.library?.evaluatesTemplates ?? true) && FrontMatter.rendersTemplates(matter.entries)
        preprocessor.includeFiles = includeFiles
        preprocessor.reads = reads
        preprocessor.pagePath = file.path
        preprocessor.includesDisplay = includesDisplay
        preprocessor.publishedFolders = publishedFolders
        var liquid = preprocessor.process(foreign.value, firstLine: split.value.bodyFirstLine, path: path)
        diagnostics += liquid.diagnostics
        if isTemplate(file) { liquid = Diagnosed(Self.htmlBlock(liquid.value)) }

        // A translation stands at its source's place: the same section, kind and address.
        let translation = TranslationPath(file.relativePath, languages: config.languages)
        let placement = Placement(contentPath: translation.source)
        var route = placement.route
        if matter.permalink == nil, placement.kind == .entry, let section = placement.section,
           let pattern = config.permalinks[section] ?? config.permalinks["_" + section] {
            var folders = translation.source.split(separator: "/").map(String.init)
            folders.removeLast()
            let values = PermalinkPattern.Values(
                folders: folders, filename: TitleFinder.fileStem(translation.source),
                slug: matter.entries["slug"]?.value.text?.trimmingWhitespace(),
                title: matter.title ?? Self.firstHeading(liquid.value)
            )
            if case .success(let custom) = Permalink.route(PermalinkPattern.expand(pattern, values)) { route = custom }
        }
        if let pattern = matter.permalink, PermalinkTemplate.isTemplate(pattern) {
            // Eleventy's computed permalinks, from the page's own values; else the page's path.
            let matterText = Dictionary(matter.entries.compactMap { entry in entry.value.text.map { (entry.key, $0) } }) { first, _ in first }
            let stem = (translation.source as NSString).deletingPathExtension
            switch PermalinkTemplate.evaluate(pattern, .init(matter: matterText, pathStem: stem)) {
            case .success(let evaluated): matter.permalink = evaluated
            case .failure(let reason):
                let entry = matter.entries["permalink"]
                diagnostics.append(Diagnostic(
                    .warning, path, line: entry?.line ?? 1, column: entry?.column ?? 1, category: "permalink",
                    "`permalink: \(pattern)` cannot be evaluated in a static build: \(reason.what); the page is at its path `\(route.path)` instead (write the address, or `:placeholders`, to choose another)"
                ))
                matter.permalink = nil
            }
        }
        if let pattern = matter.permalink {
            // Jekyll placeholders: `:collection` (the section), `:name` (the file name), `:title`.
            let stem = Slug.make(((translation.source as NSString).lastPathComponent as NSString).deletingPathExtension)
            let permalink = pattern
                .replacingBytes(":collection", with: Slug.make(placement.section ?? ""))
                .replacingBytes(":name", with: stem)
                .replacingBytes(":title", with: matter.title.map { HeadingIDGenerator.slug($0) } ?? stem)
            switch Permalink.route(permalink) {
            case .success(let custom): route = custom
            case .failure(let error):
                let line = matter.entries["permalink"]?.line ?? 1
                diagnostics.append(Diagnostic(.error, path, line: line, column: 1, category: "permalink", error.message))
            }
        }
        if let moved = slugRoute(matter, route: route) { route = moved }
        for alias in matter.aliases {
            guard case .failure(let error) = Permalink.route(alias) else { continue }
            let entry = matter.entries["aliases"]
            diagnostics.append(Diagnostic(.error, path, line: entry?.line ?? 1, column: entry?.column ?? 1, category: "alias",
                                          error.message.replacingBytes("`permalink", with: "`aliases")))
            matter.aliases.removeAll { $0 == alias }
        }
        let sections = acceptance.sections(in: KramdownAttributes.stripped(liquid.value))
        let defaultLayout: String = switch placement.kind {
        case .home: "home"
        case .section: "section"
        case .notFound: "404"
        case .entry: placement.section.flatMap { config.section(named: $0)?.layout } ?? "entry"
        case .page: sections.isEmpty ? "page" : "entry"
        case .criteriaIndex, .criterion, .coverage, .categoryIndex, .category, .search, .updates, .basket, .translations, .support, .redirect: "page"
        }
        let page = Page(
            sourcePath: path, contentPath: file.relativePath, kind: placement.kind, section: placement.section,
            route: route, frontMatter: matter, title: matter.title ?? "",
            layout: matter.layout ?? defaultLayout,
            body: RenderedBody(html: "", headings: []), markdown: liquid.value, bodyFirstLine: split.value.bodyFirstLine
        )
        var result = page
        result.isPastedText = pasted
        result.acceptanceSections = sections
        result.hasTests = TestPlan.hasScenarios(result)
        result.language = translation.language
        if translation.source != file.relativePath { result.translates = translation.source }
        return Diagnosed(result, diagnostics)
    }

    /// The text of the first `# ` heading outside fenced code, for permalinks' `:slug` and `:title`.
    static func firstHeading(_ markdown: String) -> String? {
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if !inFence, let heading = AcceptanceSectionReader.heading(trimmed), heading.level == 1 { return heading.text }
        }
        return nil
    }
}

/// Where a file's path puts it: `index.md` (or Hugo's `_index.md`) is home, `404.md` the
/// not-found page, other top-level files are pages, first-level folders are sections and their
/// `index.md` the section page.
struct Placement {
    var kind: PageKind
    var section: String?
    var route: Route

    init(contentPath: String) {
        var folders = contentPath.split(separator: "/").map(String.init)
        let file = folders.removeLast()
        // The name without its extension (a Markdown file always has one; names starting with
        // `.` are never content).
        let dot = file.utf8.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > file.utf8.startIndex ? $0 : nil }
        let name = dot.map { String(file[..<$0]) } ?? file
        // Hugo's `_index.md` is its folder's own page, as `index.md` is.
        let stem = name == "_index" ? "index" : Slug.make(name)
        // Jekyll collections (`_checklist-web/`) are sections named without the underscore.
        if let first = folders.first, first.hasPrefix("_") { folders[0] = String(first.dropFirst()) }
        let segments = folders.map(Slug.make)
        section = folders.first
        switch (folders.count, stem) {
        case (0, "index"): kind = .home; route = Route(segments: [])
        case (0, "404"): kind = .notFound; route = Route(file: "404.html")
        case (0, _): kind = .page; route = Route(segments: [stem])
        case (1, "index"): kind = .section; route = Route(segments: segments)
        case (_, "index"): kind = .entry; route = Route(segments: segments)
        default: kind = .entry; route = Route(segments: segments + [stem])
        }
    }
}
