import Foundation

/// Renders every page's Markdown on every core, finds its title and the criteria it names.
/// Links resolve against every page of the site (under a basis, the last site's).
/// Reads: `pages`, `assets`, `recording.excluded`, `variant`, `Basis`. Makes: `pages` (rendered),
/// `recording.markdownDiagnostics`.
enum RenderMarkdown: BuildStage {
    static let name = "render markdown, collect criteria"

    static func run(_ context: inout BuildContext) {
        // Pages a subset leaves out (`SelectPages`): links to them go to the full site (when
        // site.yml gives its `url`) or become text.
        let excluded = context.recording.excluded
        let highlighting = CodeHighlighter.timeSpent
        // In runs (`Runs`), each dropped from the input once rendered: the last site's
        // pages are referenced nowhere else (`SelectPages`), so their Markdown is freed as we go.
        let routes = routes(for: context)
        var pages = context.pages
        context.pages = []
        let scratch = scratch(for: context, pages: pages)
        if scratch != nil { context.notes.append("bodies' HTML kept in a scratch file beside the output until their pages are rendered") }
        var done: [Diagnosed<Page>] = []
        done.reserveCapacity(pages.count)
        // Without a basis, each body whose inputs did not change is taken again (`BodyMemo`).
        let memo = context.basis == nil ? memo(context, scratch: scratch) : nil
        var taken = 0
        while !pages.isEmpty {
            let run = min(Runs.size, pages.count)
            let made = render(Array(pages.prefix(run)), context: context, excluded: excluded, routes: routes, scratch: scratch, memo: memo)
            for item in made {
                done.append(item.page)
                if let memo, let kept = item.kept { memo.bodies.record(kept.key, kept.taken, path: item.page.value.contentPath, digest: kept.digest) }
                if item.taken { taken += 1 }
            }
            pages.removeFirst(run)
        }
        if memo != nil { context.notes.append("memo: \(taken) of \(done.count) bodies taken again") }
        context.parts.append(("of which highlighting code, summed over threads", CodeHighlighter.timeSpent - highlighting))
        // A file rendered in several sites (each subset's, an untranslated page in each
        // language's) has the problems of all, each once: a subset's notes are the file's too.
        for var page in done {
            // What only `check` reports is set aside (`Lint`, `ReportChecks`).
            context.recording.checkOnly += page.diagnostics.filter { Lint.categories.contains($0.category) }
            page.diagnostics.removeAll { Lint.categories.contains($0.category) }
            context.diagnostics += page.diagnostics
            guard let known = context.recording.markdownDiagnostics[page.value.contentPath], !known.isEmpty else {
                context.recording.markdownDiagnostics[page.value.contentPath] = page.diagnostics
                continue
            }
            let seen = Set(known)
            context.recording.markdownDiagnostics[page.value.contentPath] = known + page.diagnostics.filter { !seen.contains($0) }
        }
        context.pages = done.map(\.value)
    }

    /// The routes links resolve against: every page of the site (under a basis, the last site's).
    static func routes(for context: BuildContext) -> [String: Route] {
        context.basis?.last.memory?.routes
            ?? routes(of: context.basis.map { $0.last.site.pages.filter { !$0.contentPath.isEmpty } } ?? context.pages)
    }

    /// A file for the bodies' HTML of a full build to disk whose Markdown is over
    /// `bodiesInMemoryUpTo` bytes: held in memory, 100,000 entries' took 1 GB until their pages
    /// were rendered. Beside the output, on its disk (a temporary folder may be memory).
    static func scratch(for context: BuildContext, pages: [Page]) -> ScratchFile? {
        guard context.memoryOutput == nil, context.basis == nil,
              pages.reduce(0, { $0 + $1.markdown.utf8.count }) > context.request.bodiesInMemoryUpTo else { return nil }
        return ScratchFile(in: context.layout.output.deletingLastPathComponent())
    }

    /// Renders the Markdown of `pages`, on every core, each body's HTML stored in `scratch` when
    /// given.
    static func render(_ pages: [Page], context: BuildContext, excluded: [(contentPath: String, route: Route)], routes: [String: Route],
                       scratch: ScratchFile? = nil) -> [Diagnosed<Page>] {
        render(pages, context: context, excluded: excluded, routes: routes, scratch: scratch, memo: nil).map(\.page)
    }

    /// A page rendered or taken from the memo, with its body and key for the memo to keep.
    struct Made {
        var page: Diagnosed<Page>
        var kept: (key: BodyMemo.Key, digest: BodyMemo.Key, taken: BodyMemo.Taken)?
        var taken = false
    }

    /// `render`, asking `memo` first for each page's body (`BodyMemo.take`).
    static func render(_ pages: [Page], context: BuildContext, excluded: [(contentPath: String, route: Route)], routes: [String: Route],
                       scratch: ScratchFile?, memo: Memo?) -> [Made] {
        var excludedRoutes: [String: Route] = [:]
        for page in excluded {
            excludedRoutes[page.contentPath] = page.route
            excludedRoutes[page.route.path.trimming("/")] = page.route
        }
        let fullSite = context.siteConfig.url.flatMap { SitePaths.absolute(context.siteConfig.basePath, siteURL: $0) }
        var linkResolver = LinkResolver(
            basePath: SiteRoot.marker, routes: routes,
            assets: Set(context.assets.map(\.relativePath)),
            excluded: excludedRoutes, fullSite: fullSite, sitePath: context.siteConfig.basePath
        )
        if let url = context.siteConfig.url.flatMap(URL.init(string:)), let scheme = url.scheme, let host = url.host {
            linkResolver.host = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        }
        let resolver = linkResolver
        let platforms = context.variant.subset.flatMap { subset in
            subset.platforms.isEmpty ? nil : PlatformFilter(platforms: context.siteConfig.platforms, keep: subset.platforms, frameworks: context.siteConfig.frameworks)
        }
        let lint = context.makesContentChecks
        let renderer = MarkdownRenderer(
            unsafeHTML: context.config.unsafeHTML, highlight: context.config.highlightCode,
            tabs: context.config.tabs ? TabNames(platforms: context.config.platforms, frameworks: context.config.frameworks) : nil,
            labels: MarkdownLabels { [strings = context.strings] in strings[$0] }
        )
        let finishing = Finishing(config: context.config, platforms: platforms, subsetName: context.variant.subset?.name, scratch: scratch)
        let annotator = CriteriaCollector.annotator(basePath: SiteRoot.marker)
        let stylesheet = SiteRoot.marker + "assets/site.css"
        return pages.concurrentMap { input -> Made in
            let keys = memo?.key(for: input)
            if let memo, let keys, var taken = memo.bodies.take(keys.key, answer: { resolver.target($0, from: input.translationKey) }) {
                memo.bodies.keep(keys.key, taken)
                taken.record = nil
                return Made(page: finishing.page(input, taken.body, key: keys.key), kept: (keys.key, keys.digest, taken), taken: true)
            }
            let page = memo?.withMarkdown(input) ?? input
            let rule: TitleRule = page.frontMatter.title.map { .given($0) } ?? .fromFirstHeading
            var asked: [BodyMemo.AskedLink] = []
            let rendered = renderer.render(
                page.markdown, firstLine: page.bodyFirstLine, path: page.sourcePath, title: rule,
                reservedIDs: LayoutIDs.reserved,
                rewriteLink: { url in
                    let target = resolver.target(url, from: page.translationKey)
                    if memo != nil { asked.append(BodyMemo.AskedLink(url: url, target: target)) }
                    return target
                },
                annotate: annotator, platforms: platforms, lint: lint, demoStylesheet: stylesheet
            )
            let body = BodyMemo.Body(links: asked, body: rendered.value, diagnostics: rendered.diagnostics)
            if let memo, let keys { memo.bodies.keep(keys.key, BodyMemo.Taken(body: body)) }
            return Made(page: finishing.page(page, body, key: keys?.key), kept: keys.map { ($0.key, $0.digest, BodyMemo.Taken(body: body)) })
        }
    }

    /// What a page takes from its body once rendered: its title, criteria, acceptance sections
    /// a subset's platforms keep, and the notes of links a subset turned into text.
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
            return Diagnosed(page, made.diagnostics + criteria.diagnostics + notes)
        }
    }

    /// The bodies of the pages at `positions` rendered again from their files, unchanged since
    /// the last build: a site linked anew on disk renders pages that show an edit, whose HTML
    /// the state does not keep. Their problems are the last build's, reported already.
    static func renderAgain(_ positions: [Int], in site: inout Site, context: BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let files = context.walk.markdownByPath
        var inputs: [(position: Int, page: Page)] = []
        for position in positions {
            var page = site.pages[position]
            guard !page.contentPath.isEmpty, let file = files[page.contentPath], let read = reader.read(file).value else { continue }
            page.markdown = read.markdown
            page.bodyFirstLine = read.bodyFirstLine
            inputs.append((position, page))
        }
        let rendered = render(inputs.map(\.page), context: context, excluded: context.recording.excluded, routes: routes(for: context))
        for (input, done) in zip(inputs, rendered) { site.pages[input.position].body.html = done.value.body.html }
    }

    /// Each page's route by its content path (and a folder's `index.md` by the folder's path);
    /// a translation's by its source's too, so that links to the source lead to it.
    static func routes(of pages: [Page]) -> [String: Route] {
        var routes: [String: Route] = [:]
        for page in pages {
            for path in page.linkPaths {
                if routes[path] == nil || path == page.translates { routes[path] = page.route }
                if path.hasSuffix("/index.md") || path == "index.md" {
                    routes[String(path.dropLast("index.md".count)).trimming("/")] = page.route
                }
            }
        }
        // A page's own address, written without its final slash (`/guides/writing/fr`), leads to
        // it as written with one: links are written with the slash.
        for page in pages where !page.contentPath.isEmpty {
            let address = page.route.path.trimming("/")
            if !address.isEmpty, routes[address] == nil { routes[address] = page.route }
        }
        return routes
    }
}
