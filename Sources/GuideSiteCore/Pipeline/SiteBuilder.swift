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

    /// Stages run once per run.
    var sharedStages: [Stage] {
        [
            Stage(name: "configure", run: Self.configure),
            Stage(name: "load", run: Self.load),
            Stage(name: "parse", run: Self.parse),
            Stage(name: "plan sites", run: Self.planVariants),
            Stage(name: "theme", run: Self.loadTheme),
        ]
    }

    /// Stages run for each site of the run (the full site, each subset).
    var siteStages: [Stage] {
        [
            Stage(name: "prepare output", run: Self.prepareOutput),
            Stage(name: "select pages", run: Self.selectPages),
            Stage(name: "render markdown, collect criteria", run: Self.renderMarkdown),
            Stage(name: "lint", run: Self.lint),
            Stage(name: "link", run: Self.link),
            Stage(name: "check links", run: Self.checkLinks),
            Stage(name: "check urls", run: Self.checkURLs),
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
        context.memoryOutput = output
        context.cache = cache
        return run(context)
    }

    private func run(_ initial: BuildContext) -> BuildResult {
        let clock = ContinuousClock()
        let start = clock.now
        var context = initial
        var timings: [(String, Double)] = []
        for stage in sharedStages where !context.usageError {
            context.request.progress?(stage.name)
            let began = clock.now
            stage.run(&context)
            timings.append((stage.name, Self.milliseconds(clock.now - began)))
        }
        for variant in context.variants where !context.usageError {
            context.variant = variant
            context.config = context.siteConfig
            context.config.title = variant.title
            context.basePath = variant.basePath
            context.site = nil
            context.output = context.memoryOutput
            let prefix = context.variants.count > 1 ? "\(variant.subset?.name ?? "full"): " : ""
            for stage in siteStages where !context.usageError {
                context.request.progress?(prefix + stage.name)
                let began = clock.now
                stage.run(&context)
                timings.append((prefix + stage.name, Self.milliseconds(clock.now - began)))
            }
            context.siteCount += 1
        }
        if context.request.strict {
            context.diagnostics = context.diagnostics.map {
                var promoted = $0
                if promoted.severity == .warning { promoted.severity = .error }
                return promoted
            }
        }
        let began = clock.now
        context.diagnostics = Array(Set(context.diagnostics))
        if context.hasErrors || context.usageError {
            context.writers.forEach { $0.discard() }
        } else {
            for (position, writer) in context.writers.enumerated() {
                do {
                    try writer.commit()
                } catch {
                    context.writers[(position + 1)...].forEach { $0.discard() }
                    context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(writer.output), category: "io",
                                                          "could not put the new site in place: \(error.localizedDescription)"))
                    break
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
            timings: timings, outcome: outcome, output: context.variants.first?.output ?? context.layout.output,
            sites: context.siteCount
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
        if let base = context.request.baseURL, context.request.subset == nil { context.config.basePath = BasePath.normalize(base) }
        context.basePath = context.config.basePath
        context.siteConfig = context.config
        var settings = Hasher()
        settings.combine(context.config)
        settings.combine(context.request.drafts)
        settings.combine(context.request.baseURL)
        settings.combine(context.request.adHoc)
        settings.combine(context.request.subset)
        context.cache?.beginBuild(settings: settings.finalize())
    }

    static func prepareOutput(_ context: inout BuildContext) {
        guard context.output == nil else { return }
        let variant = context.variant
        if let inside = variant.insideFullSite, let full = context.writers.first {
            context.output = PrefixedOutput(base: full, prefix: inside)
            return
        }
        var layout = context.layout
        layout.output = variant.output
        // A full build keeps the subsets built before it, unless it builds them itself.
        let keep = variant.subset == nil && !context.request.allSubsets ? ["subsets"] : []
        switch SiteWriter.prepare(layout: layout, force: context.request.force, preserving: keep,
                                  markParent: variant.subset != nil && context.request.output == nil ? context.layout.output : nil) {
        case .success(let writer):
            context.writer = writer
            context.writers.append(writer)
            context.output = writer
        case .failure(let problem):
            context.diagnostics.append(problem)
            context.usageError = true
        }
    }

    /// Decides which sites this run builds and checks the subsets' selectors against the
    /// sections, categories and platforms the site has.
    static func planVariants(_ context: inout BuildContext) {
        let config = context.siteConfig
        let request = context.request
        let layout = context.layout
        func subsetVariant(_ subset: Subset, inside: Bool) -> Variant {
            let base = request.baseURL.map(BasePath.normalize) ?? (config.basePath + "subsets/\(subset.name)/")
            let output = request.output.flatMap { inside ? nil : $0 }
                ?? layout.root.appending(path: "Output/subsets/\(subset.name)", directoryHint: .isDirectory)
            return Variant(subset: subset, output: output, basePath: inside ? config.basePath + "subsets/\(subset.name)/" : base,
                           title: subset.title ?? "\(config.title) – \(subset.label ?? subset.name)", insideFullSite: inside ? "subsets/\(subset.name)/" : nil)
        }
        let full = Variant(subset: nil, output: layout.output, basePath: config.basePath, title: config.title)
        var subsets: [Subset] = []
        if let adHoc = request.adHoc {
            context.variants = [subsetVariant(adHoc, inside: false)]
            subsets = [adHoc]
        } else if let name = request.subset {
            guard let subset = config.subsets.first(where: { $0.name == name }) else {
                let known = config.subsets.map(\.name)
                context.diagnostics.append(Diagnostic(.error, "site.yml", category: "subset",
                    "there is no subset `\(name)` in site.yml" + (known.isEmpty ? "; declare one under `subsets:`" : "; the subsets are: \(known.joined(separator: ", ")).\(Suggestion.didYouMean(name, in: known))")))
                context.usageError = true
                return
            }
            context.variants = [subsetVariant(subset, inside: false)]
            subsets = [subset]
        } else if request.allSubsets {
            context.variants = [full] + config.subsets.map { subsetVariant($0, inside: true) }
            subsets = config.subsets
        } else {
            context.variants = [full]
        }
        if context.memoryOutput != nil, context.variants.count > 1, !request.check {
            // The preview serves one site.
            context.variants = [context.variants[0]]
        }
        validate(subsets, context: &context)
    }

    /// Unknown sections, categories or platforms in a subset are errors naming the closest one.
    static func validate(_ subsets: [Subset], context: inout BuildContext) {
        let sections = Set(context.files.compactMap { $0.relativePath.contains("/") ? String($0.relativePath.split(separator: "/")[0]) : nil })
        let config = context.siteConfig
        for subset in subsets {
            let path = subset.name == "custom" && context.request.adHoc != nil ? "(command line)" : "site.yml"
            func check(_ names: [String], known: Set<String>, kind: String, normalize: (String) -> String = { $0 }) {
                for name in names where !known.contains(normalize(name)) {
                    let hint = Suggestion.closest(to: name, in: known).map { "; the closest is `\($0)`" } ?? ""
                    context.diagnostics.append(Diagnostic(.error, path, line: path == "site.yml" ? subset.line : 0, column: 1, category: "subset",
                                                          "subset `\(subset.name)` names the \(kind) `\(name)`, which the site does not have\(hint)"))
                }
            }
            check(subset.sections, known: sections, kind: "section")
            check(subset.platforms, known: Set(config.platforms.map { $0.lowercased() }), kind: "platform", normalize: { $0.lowercased() })
            var categories = Set(config.categories.map(\.slug))
            categories.formUnion(context.parsed.flatMap { $0.frontMatter.categories.map(Slug.make) })
            check(subset.categories, known: categories, kind: "category", normalize: Slug.make)
        }
    }

    /// The pages of the site being built: for a subset, its entries, the sections holding them,
    /// and the pages outside sections.
    static func selectPages(_ context: inout BuildContext) {
        guard let subset = context.variant.subset else {
            context.pages = context.parsed
            return
        }
        let entries = context.parsed.filter { $0.kind == .entry && subset.includes(entry: $0) }
        let sections = Set(entries.compactMap(\.section)).union(subset.sections)
        context.pages = context.parsed.filter { page in
            switch page.kind {
            case .entry: subset.includes(entry: page)
            case .section: sections.contains(page.section ?? "")
            default: true
            }
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
            context.parsed.append(page)
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
        // Pages a subset leaves out: links to them go to the full site (when site.yml gives its
        // `url`) or become text.
        var excluded: [String: Route] = [:]
        if context.variant.subset != nil {
            let included = Set(context.pages.map(\.contentPath))
            for page in context.parsed where !included.contains(page.contentPath) {
                excluded[page.contentPath] = page.route
                excluded[page.route.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))] = page.route
            }
        }
        let fullSite = context.siteConfig.url.flatMap { CriteriaExport.absolute(context.siteConfig.basePath, siteURL: $0) }
        let resolver = LinkResolver(
            basePath: context.basePath, routes: routes,
            assets: Set(context.files.filter { $0.kind == .asset }.map(\.relativePath)),
            excluded: excluded, fullSite: fullSite
        )
        let platforms = context.variant.subset.flatMap { subset in
            subset.platforms.isEmpty ? nil : PlatformFilter(platforms: context.siteConfig.platforms, keep: subset.platforms)
        }
        let subsetName = context.variant.subset?.name
        let lint = context.request.check
        let renderer = MarkdownRenderer(unsafeHTML: context.config.unsafeHTML)
        let config = context.config
        let annotator = CriteriaCollector.annotator(basePath: context.basePath)
        let cache = context.cache
        var settingsHasher = Hasher()
        settingsHasher.combine(context.basePath)
        settingsHasher.combine(config)
        for key in routes.keys.sorted() { settingsHasher.combine(key); settingsHasher.combine(routes[key]) }
        settingsHasher.combine(context.files.filter { $0.kind == .asset }.map(\.relativePath))
        settingsHasher.combine(context.variant.subset)
        settingsHasher.combine(excluded.count)
        let settings = settingsHasher.finalize()
        let results = context.pages.concurrentMap { input -> Diagnosed<Page> in
            if let hit = cache?.renderedPage(for: input, settings: settings) { return Diagnosed(hit.page, hit.diagnostics) }
            var page = input
            let rule: TitleRule = page.frontMatter.title.map { .given($0) } ?? .fromFirstHeading
            let rendered = renderer.render(
                page.markdown, firstLine: page.bodyFirstLine, path: page.sourcePath, title: rule,
                reservedIDs: PageContextBuilder.reservedIDs,
                rewriteLink: { resolver.target($0, from: page.contentPath) },
                annotate: annotator, platforms: platforms, lint: lint
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
            let notes = rendered.value.rewritten.map {
                Diagnostic(.note, page.sourcePath, line: $0.line, column: $0.column, category: "subset-link",
                           "\(subsetName ?? "subset"): link \($0.target)")
            }
            let diagnostics = rendered.diagnostics + criteria.diagnostics + notes
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
            context.diagnostics += Array(site.pages.indices).concurrentMap { checker.check($0) }.flatMap { $0 }.map { problem in
                var problem = problem
                if context.request.check { problem.severity = .error }
                return problem
            }
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
        context.diagnostics += diagnostics.flatMap { $0 }.map { problem in
            var problem = problem
            if context.request.check { problem.severity = .error }
            return problem
        }
    }

    /// `check` only: the front matter schema, repeated titles and undeclared categories, once
    /// for the full site.
    static func lint(_ context: inout BuildContext) {
        guard context.request.check, context.variant.subset == nil else { return }
        context.diagnostics += ContentLinter().lint(context.pages, config: context.siteConfig)
    }

    static func link(_ context: inout BuildContext) {
        if context.variant.subset != nil, let home = context.pages.firstIndex(where: { $0.kind == .home }) {
            // A subset's home page is the home of that guide.
            context.pages[home].title = context.variant.title
        }
        context.site = SiteAssembler().assemble(
            pages: context.pages, assets: context.files.filter { $0.kind == .asset }, config: context.config, cache: context.cache,
            levels: context.variant.subset?.levels ?? []
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
        context.pagesWritten += results.count
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
