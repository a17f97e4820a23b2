import Foundation

/// Builds a site: an explicit, ordered list of named stages sharing one `BuildContext`.
///
/// configure → prepare output → load → parse → render Markdown → link → check URLs → theme →
/// render templates → copy files → commit
public struct SiteBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// One named step of the build.
    struct Stage {
        let name: String
        let run: (inout BuildContext) -> Void
    }

    var stages: [Stage] {
        [
            Stage(name: "configure", run: Self.configure),
            Stage(name: "prepare output", run: Self.prepareOutput),
            Stage(name: "load", run: Self.load),
            Stage(name: "parse", run: Self.parse),
            Stage(name: "render markdown, collect criteria", run: Self.renderMarkdown),
            Stage(name: "link", run: Self.link),
            Stage(name: "check links", run: Self.checkLinks),
            Stage(name: "check urls", run: Self.checkURLs),
            Stage(name: "theme", run: Self.loadTheme),
            Stage(name: "render templates", run: Self.renderTemplates),
            Stage(name: "copy files", run: Self.copyFiles),
        ]
    }

    /// Runs every stage, then writes the site only if no error was found.
    public func build(_ request: BuildRequest) -> BuildResult {
        run(BuildContext(request: request))
    }

    /// Builds into `output` (memory, for the preview server) instead of the output folder,
    /// reusing what `cache` holds from the previous build of the same site.
    public func build(_ request: BuildRequest, into output: any SiteOutput, cache: BuildCache?) -> BuildResult {
        var context = BuildContext(request: request)
        context.output = output
        context.cache = cache
        return run(context)
    }

    private func run(_ initial: BuildContext) -> BuildResult {
        let clock = ContinuousClock()
        let start = clock.now
        var context = initial
        var timings: [(String, Double)] = []
        for stage in stages {
            let began = clock.now
            stage.run(&context)
            timings.append((stage.name, Self.milliseconds(clock.now - began)))
            if context.usageError { break }
        }
        if context.request.strict {
            context.diagnostics = context.diagnostics.map {
                var promoted = $0
                promoted.severity = .error
                return promoted
            }
        }
        let began = clock.now
        if let writer = context.writer {
            if context.hasErrors || context.usageError {
                writer.discard()
            } else {
                do {
                    try writer.commit()
                } catch {
                    writer.discard()
                    context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.layout.output), category: "io",
                                                          "could not put the new site in place: \(error.localizedDescription)"))
                }
            }
        }
        timings.append(("commit", Self.milliseconds(clock.now - began)))
        if let cache = context.cache, let site = context.site {
            cache.keepOnly(contentPaths: Set(context.files.map(\.relativePath)), outputFiles: Set(site.pages.map(\.route.file)))
        }
        let outcome: BuildResult.Outcome = context.usageError ? .usageError : context.hasErrors ? .contentErrors : .success
        return BuildResult(
            diagnostics: Diagnostic.sortedForReport(context.diagnostics),
            pagesWritten: outcome == .success ? context.pagesWritten : 0,
            milliseconds: Int(Self.milliseconds(clock.now - start).rounded()),
            timings: timings, outcome: outcome, output: context.layout.output
        )
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    // MARK: - Stages

    static func configure(_ context: inout BuildContext) {
        let file = context.layout.configFile
        if FileManager.default.fileExists(atPath: file.path) {
            let path = context.layout.displayPath(file)
            do {
                let decoded = SourceTextDecoder().decode(try Data(contentsOf: file), path: path)
                context.diagnostics += decoded.diagnostics
                if let text = decoded.value {
                    let parsed = SiteConfigParser().parse(text, path: path)
                    context.config = parsed.value
                    context.diagnostics += parsed.diagnostics
                }
            } catch {
                context.diagnostics.append(Diagnostic(.error, path, category: "io", "could not read site.yml: \(error.localizedDescription)"))
            }
        }
        if let base = context.request.baseURL { context.config.basePath = BasePath.normalize(base) }
        context.basePath = context.config.basePath
        var settings = Hasher()
        settings.combine(context.config)
        settings.combine(context.request.drafts)
        settings.combine(context.request.baseURL)
        context.cache?.beginBuild(settings: settings.finalize())
    }

    static func prepareOutput(_ context: inout BuildContext) {
        guard context.output == nil else { return }
        switch SiteWriter.prepare(layout: context.layout, force: context.request.force) {
        case .success(let writer):
            context.writer = writer
            context.output = writer
        case .failure(let problem):
            context.diagnostics.append(problem)
            context.usageError = true
        }
    }

    static func load(_ context: inout BuildContext) {
        let loaded = ContentLoader().loadFiles(in: context.layout.content, layout: context.layout)
        context.files = loaded.value
        context.diagnostics += loaded.diagnostics
    }

    static func parse(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.config)
        let markdown = context.files.filter { $0.kind == .markdown }
        let cache = context.cache
        let results = markdown.concurrentMap { file -> Diagnosed<Page?> in
            guard let cache else { return reader.read(file) }
            let stamp = FileStamp(path: file.url.path)
            if let stamp, let hit = cache.parsedPage(for: file.relativePath, stamp: stamp) { return Diagnosed(hit.page, hit.diagnostics) }
            switch reader.bytes(of: file) {
            case .failure(let problem):
                return Diagnosed(nil, [problem])
            case .success(let data):
                if let hit = cache.parsedPage(for: file.relativePath, bytes: data) {
                    if let stamp { cache.storeParsed(BuildCache.ParsedEntry(stamp: stamp, bytes: data, page: hit.page, diagnostics: hit.diagnostics),
                                                     for: file.relativePath) }
                    return Diagnosed(hit.page, hit.diagnostics)
                }
                let read = reader.read(file, data: data)
                cache.storeParsed(BuildCache.ParsedEntry(stamp: stamp, bytes: data, page: read.value, diagnostics: read.diagnostics),
                                  for: file.relativePath)
                return read
            }
        }
        for result in results {
            context.diagnostics += result.diagnostics
            guard let page = result.value else { continue }
            if page.frontMatter.draft, !context.request.drafts { continue }
            context.pages.append(page)
        }
    }

    static func renderMarkdown(_ context: inout BuildContext) {
        var routes: [String: Route] = [:]
        for page in context.pages {
            routes[page.contentPath] = page.route
            if page.contentPath.hasSuffix("/index.md") || page.contentPath == "index.md" {
                routes[String(page.contentPath.dropLast("index.md".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))] = page.route
            }
        }
        let resolver = LinkResolver(
            basePath: context.basePath, routes: routes,
            assets: Set(context.files.filter { $0.kind == .asset }.map(\.relativePath))
        )
        let renderer = MarkdownRenderer(unsafeHTML: context.config.unsafeHTML)
        let config = context.config
        let annotator = CriteriaCollector.annotator(basePath: context.basePath)
        let cache = context.cache
        var settingsHasher = Hasher()
        settingsHasher.combine(context.basePath)
        settingsHasher.combine(config)
        for key in routes.keys.sorted() { settingsHasher.combine(key); settingsHasher.combine(routes[key]) }
        settingsHasher.combine(context.files.filter { $0.kind == .asset }.map(\.relativePath))
        let settings = settingsHasher.finalize()
        let results = context.pages.concurrentMap { input -> Diagnosed<Page> in
            if let hit = cache?.renderedPage(for: input, settings: settings) { return Diagnosed(hit.page, hit.diagnostics) }
            var page = input
            let rule: TitleRule = page.frontMatter.title.map { .given($0) } ?? .fromFirstHeading
            let rendered = renderer.render(
                page.markdown, firstLine: page.bodyFirstLine, path: page.sourcePath, title: rule,
                reservedIDs: PageContextBuilder.reservedIDs,
                rewriteLink: { resolver.resolve($0, from: page.contentPath) },
                annotate: annotator
            )
            page.body = rendered.value
            page.title = TitleFinder.title(for: page, config: config)
            page.markdown = ""
            let criteria = CriteriaCollector().references(of: page)
            page.criteria = criteria.value
            var key = Hasher()
            key.combine(page.sourcePath)
            key.combine(page.title)
            key.combine(page.frontMatter)
            key.combine(page.criteria)
            key.combine(page.body.htmlHash)
            key.combine(page.body.headings)
            page.contentKey = key.finalize()
            let diagnostics = rendered.diagnostics + criteria.diagnostics
            cache?.storeRendered(BuildCache.RenderedEntry(settings: settings, input: input, page: page, diagnostics: diagnostics),
                                 for: input.contentPath)
            return Diagnosed(page, diagnostics)
        }
        context.pages = results.map(\.value)
        context.diagnostics += results.flatMap(\.diagnostics)
    }

    static func checkLinks(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        let assets = Set(site.assets.map(\.relativePath))
        guard let cache = context.cache else {
            let checker = LinkChecker(site: site, assets: assets)
            context.diagnostics += Array(site.pages.indices).concurrentMap { checker.check($0) }.flatMap { $0 }
            return
        }
        // Links can only break or heal when pages, their anchors or the copied files change.
        var targets = Hasher()
        for page in site.pages {
            targets.combine(page.route)
            targets.combine(page.contentPath)
            targets.combine(page.body.anchorsKey)
            targets.combine(page.title)
            targets.combine(page.sourcePath)
        }
        targets.combine(assets)
        let key = targets.finalize()
        let diagnostics = cache.derived("links", key: key) { () -> [[Diagnostic]] in
            let checker = LinkChecker(site: site, assets: assets)
            return Array(site.pages.indices).concurrentMap { checker.check($0) }
        }
        context.diagnostics += diagnostics.flatMap { $0 }
    }

    static func link(_ context: inout BuildContext) {
        context.site = SiteAssembler().assemble(
            pages: context.pages, assets: context.files.filter { $0.kind == .asset }, config: context.config, cache: context.cache
        )
        context.pages = []
    }

    /// Two sources that would write the same file are an error naming both.
    static func checkURLs(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        var owners: [String: String] = [:]
        var claims: [(file: String, source: String, line: Int)] = site.pages.map { ($0.route.file, $0.sourcePath, $0.sourcePath.isEmpty ? 0 : 1) }
        claims += site.assets.map { ($0.relativePath, context.layout.displayPath($0.url), 0) }
        if context.config.url != nil { claims.append(("sitemap.xml", "(sitemap)", 0)) }
        claims.append((SiteWriter.markerName, "(GuideSite's marker file)", 0))
        claims.append(("criteria.json", "(criteria export)", 0))
        for claim in claims {
            let key = claim.file.lowercased()
            if let first = owners[key] {
                let source = claim.source.isEmpty ? "a generated page" : claim.source
                let other = first.isEmpty ? "a page GuideSite generates for a section or the home page" : first
                context.diagnostics.append(Diagnostic(
                    .error, claim.source.isEmpty ? first : claim.source, line: claim.line, column: 1, category: "duplicate-url",
                    "\(source) and \(other) would both be written to `\(claim.file)`; rename one of them or give one a `permalink`"
                ))
            } else {
                owners[key] = claim.source
            }
        }
    }

    static func loadTheme(_ context: inout BuildContext) {
        let theme = Theme.load(from: context.layout.templates, layout: context.layout)
        context.diagnostics += theme.diagnostics
        let compiled = TemplateRenderer.compile(theme.value)
        context.diagnostics += compiled.diagnostics
        context.theme = theme.value
        context.renderer = compiled.value
    }

    static func renderTemplates(_ context: inout BuildContext) {
        guard var site = context.site, let renderer = context.renderer, let writer = context.output, let theme = context.theme else { return }
        var layoutWarnings: [Diagnostic] = []
        let available = renderer.layouts.sorted().joined(separator: ", ")
        var reportedGenerated = Set<String>()
        for index in site.pages.indices where !renderer.layouts.contains(site.pages[index].layout) {
            let page = site.pages[index]
            if page.sourcePath.isEmpty, !reportedGenerated.insert(page.layout).inserted {
                site.pages[index].layout = "page"
                continue
            }
            let line = page.frontMatter.entries["layout"]?.line ?? 1
            layoutWarnings.append(Diagnostic(
                .warning, page.sourcePath.isEmpty ? "Templates/layouts" : page.sourcePath, line: line, column: 1, category: "unknown-layout",
                "unknown layout `\(page.layout)`, using `page` instead; the layouts are: \(available).\(Suggestion.didYouMean(page.layout, in: renderer.layouts))"
            ))
            site.pages[index].layout = "page"
        }
        context.diagnostics += layoutWarnings
        let pages = site.pages
        let cache = context.cache
        let layoutKeys = cache == nil ? [:] : theme.layoutKeys
        let planned = cache == nil ? [] : RenderPlan.keys(site: site, basePath: context.basePath, layoutKeys: layoutKeys)
        let stale = cache.map { cache in pages.indices.filter { !cache.hasHTML(for: pages[$0].route.file, key: planned[$0]) }.count } ?? pages.count
        let builder = PageContextBuilder(site: site, basePath: context.basePath, precomputeLinks: stale > 50)
        let results = Array(pages.indices).concurrentMap { index -> Diagnostic? in
            let page = pages[index]
            let key = planned.isEmpty ? 0 : planned[index]
            var data = cache?.html(for: page.route.file, key: key)
            if data == nil {
                guard let html = renderer.render(builder.context(for: index), layout: page.layout) else {
                    return Diagnostic(.error, page.sourcePath, category: "template", "the theme has no layout `\(page.layout)` and no `page` layout to fall back on")
                }
                data = Data(html.utf8)
                cache?.storeHTML(data!, for: page.route.file, key: key)
            }
            do {
                try writer.write(data!, to: page.route.file)
                return nil
            } catch {
                return Diagnostic(.error, page.sourcePath, category: "io", "could not write `\(page.route.file)`: \(error.localizedDescription)")
            }
        }
        context.diagnostics += results.compactMap { $0 }
        context.pagesWritten = results.count
        context.site = site
    }

    static func copyFiles(_ context: inout BuildContext) {
        guard let site = context.site, let writer = context.output, let theme = context.theme else { return }
        do {
            for asset in theme.assets {
                try writer.write(asset.data, to: "assets/" + asset.path)
            }
            for asset in site.assets {
                try writer.copy(asset.url, to: asset.relativePath)
            }
            if let url = context.config.url {
                try writer.write(Data(Sitemap.xml(for: site, siteURL: url, basePath: context.basePath).utf8), to: "sitemap.xml")
            }
            let basePath = context.basePath
            let export = context.cache.map { cache in
                cache.derived("criteria.json", key: CriteriaExport.key(for: site, basePath: basePath)) {
                    CriteriaExport.json(for: site, basePath: basePath)
                }
            } ?? CriteriaExport.json(for: site, basePath: basePath)
            try writer.write(export, to: "criteria.json")
        } catch {
            context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.layout.output), category: "io",
                                                  "could not write the site: \(error.localizedDescription)"))
        }
    }
}
