import Foundation

/// Renders every page's Markdown on every core, finds its title and the criteria it names.
/// Links resolve against every page of the site (under a basis, the last site's).
enum RenderMarkdown {
    static let name = "render markdown, collect criteria"

    /// What rendering a site's Markdown reads besides its pages.
    struct Inputs {
        var site: SiteSpec
        /// site.yml's settings (its address, base path, platforms).
        var settings: SiteConfig
        /// The content files the site copies, by path below the content folder.
        var assets: Set<String>
        /// Pages a subset leaves out (`SelectPages`): links to them go to the full site (when
        /// site.yml gives its `url`) or become text.
        var excluded: [(contentPath: String, route: Route)]
        /// The routes links resolve against (`RouteLookup`).
        var routes: RouteLookup
    }

    /// The pages rendered, the problems to report, and each file's problems (a file rendered in
    /// several sites, each subset's or an untranslated page in each language's, has the problems
    /// of all).
    struct Rendered {
        var pages: [Page] = []
        var diagnostics: [Diagnostic] = []
        var byFile: [(contentPath: String, diagnostics: [Diagnostic])] = []
        /// The preview's engine, when it finished the pages (`Link` then asks it for the site).
        var queries: Queries?
    }

    /// `scratch`: where the bodies' HTML waits (`scratch(for:)`); `memo`: the bodies rendered
    /// before, by what each read (`Memo`); `identifying`, without a memo: the renderer's key
    /// (`BodyMemo.renderer`) a build of every page would have, whose identity each body takes
    /// (a patch's bodies then key their pages as that build's would, and the next such build
    /// takes those pages' files from the live output).
    static func run(_ pages: [Page], _ inputs: Inputs, scratch: ScratchFile?, memo: Memo?, identifying: BodyMemo.Key? = nil,
                    queries: Queries? = nil, log: inout StageLog) -> Rendered {
        let highlighting = CodeHighlighter.timeSpent
        if scratch != nil { log.notes.append("bodies' HTML kept in a scratch file beside the output until their pages are rendered") }
        // In runs (`Runs`), each dropped from the input once rendered: the last site's pages are
        // referenced nowhere else (`SelectPages`), so their Markdown is freed as we go.
        var pages = pages
        var done: [Diagnosed<Page>] = []
        done.reserveCapacity(pages.count)
        var taken = 0
        while !pages.isEmpty {
            let run = min(Runs.size, pages.count)
            let made = render(Array(pages.prefix(run)), inputs, scratch: scratch, memo: memo, identifying: identifying, queries: queries)
            for item in made {
                done.append(item.page)
                if let memo, let kept = item.kept { memo.bodies.record(kept.key, kept.taken, path: item.page.value.contentPath, digest: kept.digest) }
                if item.taken { taken += 1 }
            }
            pages.removeFirst(run)
        }
        if memo != nil { log.notes.append("memo: \(taken) of \(done.count) bodies taken again") }
        if let queries { log.notes.append("memo: \(done.count - queries.runs()) of \(done.count) bodies taken again") }
        log.parts.append(("of which highlighting code, summed over threads", CodeHighlighter.timeSpent - highlighting))
        var rendered = Rendered(queries: queries)
        rendered.pages.reserveCapacity(done.count)
        for page in done {
            rendered.diagnostics += page.diagnostics
            rendered.byFile.append((page.value.contentPath, page.diagnostics))
            rendered.pages.append(page.value)
        }
        return rendered
    }

    /// The routes links resolve against under a basis, the last site's pages', asked path by
    /// path (a patch renders few bodies).
    static func routes(of last: LastBuild) -> RouteLookup {
        last.memory.map { RouteLookup($0.routes) } ?? .pages(last.site.pages, skipsGenerated: true)
    }

    /// The routes of the last site under `basis`, with the pages of files removed left out and
    /// those of files added (among `pages`, the edited ones) in.
    static func routes(of basis: Basis, pages: [Page]) -> RouteLookup {
        guard basis.filesMoved else { return routes(of: basis.last) }
        let site = basis.last.site, gone = Set(basis.removed), added = basis.addedPaths
        let kept = site.pages.indices.filter { !gone.contains($0) && !site.pages[$0].contentPath.isEmpty }.map { site.pages[$0] }
        return .pages(kept + pages.filter { added.contains($0.contentPath) }, skipsGenerated: false)
    }

    /// A file for the bodies' HTML of a full build to disk whose Markdown is over `upTo` bytes:
    /// held in memory, 100,000 entries' took 1 GB until their pages were rendered. Beside the
    /// output, on its disk (a temporary folder may be memory).
    static func scratch(for pages: [Page], upTo: Int, beside output: URL) -> ScratchFile? {
        guard pages.reduce(0, { $0 + $1.markdown.utf8.count }) > upTo else { return nil }
        return ScratchFile(in: output.deletingLastPathComponent())
    }

    /// A page rendered or taken from the memo, with its body and key for the memo to keep.
    struct Made {
        var page: Diagnosed<Page>
        var kept: (key: BodyMemo.Key, digest: BodyMemo.Key, taken: BodyMemo.Taken)?
        var taken = false
    }

    /// `render`, asking `memo` first for each page's body (`BodyMemo.take`), or the preview's
    /// engine (`queries`) for each.
    static func render(_ pages: [Page], _ inputs: Inputs, scratch: ScratchFile?, memo: Memo?, identifying: BodyMemo.Key? = nil,
                       queries: Queries? = nil) -> [Made] {
        if let queries { return queries.made(pages) }
        let settings = inputs.settings, config = inputs.site.config, subset = inputs.site.variant.subset
        let resolver = Self.resolver(settings: settings, routes: inputs.routes, assets: inputs.assets, excluded: .excluded(inputs.excluded))
        let renderer = BodyRenderer(config: config, settings: settings, strings: inputs.site.strings, subset: subset)
        let finishing = Finishing(config: config, platforms: renderer.platforms, subsetName: subset?.name, scratch: scratch)
        return pages.concurrentMap { page -> Made in
            let keys = memo?.key(for: page)
            if let memo, let keys, var taken = memo.bodies.take(keys.key, answer: { resolver.target($0, from: page.translationKey) }) {
                memo.keep(keys.key, taken)
                taken.record = nil
                return Made(page: finishing.page(page, taken.body, key: keys.key), kept: (keys.key, keys.digest, taken), taken: true)
            }
            let body = renderer.body(of: PageSource.Value(page)) { resolver.target($0, from: page.translationKey) }
            if let memo, let keys { memo.keep(keys.key, BodyMemo.Taken(body: body)) }
            let key = keys?.key ?? identifying.map { BodyMemo.key(renderer: $0, page: page, markdown: BodyMemo.digest(page.markdown)) }
            return Made(page: finishing.page(page, body, key: key), kept: keys.map { ($0.key, $0.digest, BodyMemo.Taken(body: body)) })
        }
    }

    /// What a page takes from its body once rendered: its title, criteria, acceptance sections
    /// a subset's platforms keep, the notes of links a subset turned into text, and the checks
    /// of the page as a whole (`ContentLinter.problems(of:)`, made on every build: a body taken
    /// again does not stand for its front matter).
    struct Finishing: @unchecked Sendable {
        var config: SiteConfig
        var platforms: PlatformFilter?
        var subsetName: String?
        var scratch: ScratchFile?

        func page(_ input: Page, _ made: BodyMemo.Body, key: BodyMemo.Key?) -> Diagnosed<Page> {
            var page = input
            page.body = made.body
            page.body.identity = key.map { BodyMemo.identity($0, links: made.links) }
            if let scratch, let stored = scratch.store(page.body.html) {
                page.body.stored = stored
                page.body.html = ""
            }
            if let platforms, !page.acceptanceSections.isEmpty { page.acceptanceSections = page.acceptanceSections.map { $0.keeping(platforms) } }
            page.title = TitleFinder.title(for: page, config: config)
            page.markdown = ""
            let criteria = CriteriaCollector().references(of: page)
            page.criteria = criteria.value
            let notes = made.body.rewritten.map {
                Diagnostic(.note, page.sourcePath, line: $0.line, column: $0.column, category: "subset-link",
                           "\(subsetName ?? "subset"): link \($0.target)")
            }
            return Diagnosed(page, made.diagnostics + criteria.diagnostics + notes + ContentLinter.problems(of: page, config: config))
        }
    }

    /// The bodies of the pages at `positions` rendered again from their files, unchanged since
    /// the last build: a site linked anew on disk renders pages that show an edit, whose HTML
    /// the state does not keep. Their problems are the last build's, reported already.
    static func renderAgain(_ positions: [Int], in site: inout Site, _ inputs: Inputs, reader: PageReader, files: [String: ContentFile]) {
        var again: [(position: Int, page: Page)] = []
        for position in positions {
            var page = site.pages[position]
            guard !page.contentPath.isEmpty, let file = files[page.contentPath], let read = reader.read(file).value else { continue }
            page.markdown = read.markdown
            page.bodyFirstLine = read.bodyFirstLine
            again.append((position, page))
        }
        let rendered = render(again.map(\.page), inputs, scratch: nil, memo: nil)
        for (input, done) in zip(again, rendered) { site.pages[input.position].body.html = done.page.value.body.html }
    }}
