import Foundation

/// Stages that read the site: settings, files, front matter, Markdown, content checks.
extension SiteBuilder {
    static func configure(_ context: inout BuildContext) {
        let file = context.layout.configFile
        if FileManager.default.fileExists(atPath: file.path) {
            let path = context.layout.displayPath(file)
            do {
                let decoded = SourceTextDecoder().decode(try Data(contentsOf: file), path: path)
                context.diagnostics += decoded.diagnostics
                if let text = decoded.value {
                    let parsed = SiteConfigParser().parse(text, path: path)
                    context.siteConfig = parsed.value
                    context.diagnostics += parsed.diagnostics
                }
            } catch {
                context.diagnostics.append(Diagnostic(.error, path, category: "io", "could not read site.yml: \(error.localizedDescription)"))
            }
        }
        if let folder = context.request.contentFolder ?? context.siteConfig.contentFolder {
            context.layout.content = URL(fileURLWithPath: folder, relativeTo: context.layout.root).standardizedFileURL
        }
        if let base = context.request.baseURL, context.request.subset == nil { context.siteConfig.basePath = BasePath.normalize(base) }
        var settings = Hasher()
        settings.combine(context.siteConfig)
        settings.combine(context.request.drafts)
        settings.combine(context.request.baseURL)
        settings.combine(context.request.adHoc)
        settings.combine(context.request.subset)
        context.cache?.beginBuild(settings: settings.finalize())
    }

    /// What a walk of the content folder depends on: the folder and the Markdown extensions.
    static func walkKey(_ context: BuildContext) -> String {
        context.layout.content.path + "\n" + context.siteConfig.markdownExtensions.joined(separator: " ")
    }

    static func load(_ context: inout BuildContext) {
        let walkKey = walkKey(context)
        // Nothing created, deleted or moved since the last walk: the same files. A reported file
        // the last walk did not find means that walk is older than the report: walk again.
        if let known = context.request.knownChanges, let cache = context.cache, let last = cache.walk(key: walkKey),
           known.allSatisfy({ path in last.positions[path] != nil || last.files.contains { $0.path == path } }) {
            context.files = last.files
            context.diagnostics += last.diagnostics
            context.walkReused = true
            return
        }
        let loaded = ContentLoader(markdownExtensions: Set(context.siteConfig.markdownExtensions))
            .loadFiles(in: context.layout.content, layout: context.layout)
        context.files = loaded.value
        context.diagnostics += loaded.diagnostics
        context.cache?.keepWalk(key: walkKey, files: loaded.value, diagnostics: loaded.diagnostics)
    }

    static func parse(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let results: [Diagnosed<Page?>]
        if let cache = context.cache {
            let walk = cache.walk(key: walkKey(context))
            if context.walkReused, let walk, let knownChanges = context.request.knownChanges,
               let run = cache.lastParse(walk: walk.generation),
               let patched = parseChanged(cache, walk: walk, run: run, reader: reader, knownChanges: knownChanges) {
                results = patched
            } else {
                let markdown = walk?.markdown ?? context.files.filter { $0.kind == .markdown }
                results = parseReusing(cache, files: markdown, reader: reader)
                cache.keepParse(walk.map { walk in
                    BuildCache.ParseRun(walk: walk.generation, results: results,
                                        recheck: cache.untrustedPositions(markdown.map(\.relativePath)))
                })
            }
        } else {
            let markdown = context.files.filter { $0.kind == .markdown }
            results = markdown.concurrentMap { reader.read($0) }
            context.stateRecording?.parseDiagnostics = results.map(\.diagnostics)
        }
        for result in results {
            context.diagnostics += result.diagnostics
            guard let page = result.value else { continue }
            if page.isDraft, !context.request.drafts { continue }
            context.parsed.append(page)
        }
    }

    static func renderMarkdown(_ context: inout BuildContext) {
        let inputs = context.pages
        let cache = context.cache
        // Pages a subset leaves out: links to them go to the full site (when site.yml gives its
        // `url`) or become text.
        var excluded: [(contentPath: String, route: Route)] = []
        if context.variant.subset != nil {
            let included = Set(inputs.map(\.contentPath))
            excluded = context.parsed.filter { !included.contains($0.contentPath) }.map { ($0.contentPath, $0.route) }
        }
        var others = Hasher()
        others.combine(context.basePath)
        others.combine(context.config)
        others.combine(context.files.filter { $0.kind == .asset }.map(\.relativePath))
        others.combine(context.variant.subset)
        for page in excluded { others.combine(page.contentPath); others.combine(page.route) }
        let othersKey = others.finalize()
        // What every page's links resolve against: each page's path and route. A rebuild whose
        // pages are the last build's, or differ only in ways that keep paths and routes, keeps
        // the last key without hashing 10,000 paths again.
        let previous = cache?.lastMarkdown()
        let routesKey: Int
        if let previous, previous.inputs.count == inputs.count, inputs.indices.allSatisfy({ index in
            inputs[index].sharesStorage(with: previous.inputs[index])
                || (inputs[index].contentPath == previous.inputs[index].contentPath && inputs[index].route == previous.inputs[index].route)
        }) {
            routesKey = previous.routesKey
        } else {
            // In page order (files are sorted by path), which is as stable as sorting the keys.
            var routes = Hasher()
            for page in inputs { routes.combine(page.contentPath); routes.combine(page.route) }
            routesKey = routes.finalize()
        }
        var settingsHasher = Hasher()
        settingsHasher.combine(othersKey)
        settingsHasher.combine(routesKey)
        let settings = settingsHasher.finalize()

        // Positions to render, and what is known of the others. With the last run under the same
        // settings, a page that is the same copy as then is its last result, without a lookup.
        var results: [Diagnosed<Page>?]
        if let previous, previous.settings == settings, previous.inputs.count == inputs.count {
            results = previous.results.map(Optional.some)
            let changed = inputs.indices.filter { !inputs[$0].sharesStorage(with: previous.inputs[$0]) }
            let known = cache?.renderedEntries(for: changed.map { inputs[$0] }, settings: settings) ?? []
            for (position, entry) in zip(changed, known) { results[position] = entry.map { Diagnosed($0.page, $0.diagnostics) } }
        } else if let cache {
            results = cache.renderedEntries(for: inputs, settings: settings).map { $0.map { Diagnosed($0.page, $0.diagnostics) } }
        } else {
            results = Array(repeating: nil, count: inputs.count)
        }
        let stale = results.indices.filter { results[$0] == nil }
        if !stale.isEmpty {
            let fresh = render(stale.map { inputs[$0] }, context: context, excluded: excluded)
            for (position, result) in zip(stale, fresh) { results[position] = result }
            cache?.storeRendered(zip(stale, fresh).map { position, result in
                (inputs[position].contentPath,
                 BuildCache.RenderedEntry(settings: settings, input: inputs[position], page: result.value, diagnostics: result.diagnostics))
            })
        }
        let done = results.map { $0! }
        if context.stateRecording != nil {
            context.stateRecording?.markdownDiagnostics = Dictionary(done.map { ($0.value.contentPath, $0.diagnostics) },
                                                                     uniquingKeysWith: { first, _ in first })
        }
        cache?.keepMarkdown(BuildCache.MarkdownRun(settings: settings, routesKey: routesKey, inputs: inputs, results: done))
        context.pages = done.map(\.value)
        context.diagnostics += done.flatMap(\.diagnostics)
    }

    /// Renders the Markdown of `pages`, on every core.
    static func render(_ pages: [Page], context: BuildContext, excluded: [(contentPath: String, route: Route)]) -> [Diagnosed<Page>] {
        var routes: [String: Route] = [:]
        for page in context.pages {
            routes[page.contentPath] = page.route
            if page.contentPath.hasSuffix("/index.md") || page.contentPath == "index.md" {
                routes[String(page.contentPath.dropLast("index.md".count)).trimming("/")] = page.route
            }
        }
        var excludedRoutes: [String: Route] = [:]
        for page in excluded {
            excludedRoutes[page.contentPath] = page.route
            excludedRoutes[page.route.path.trimming("/")] = page.route
        }
        let fullSite = context.siteConfig.url.flatMap { CriteriaExport.absolute(context.siteConfig.basePath, siteURL: $0) }
        let resolver = LinkResolver(
            basePath: context.basePath, routes: routes,
            assets: Set(context.files.filter { $0.kind == .asset }.map(\.relativePath)),
            excluded: excludedRoutes, fullSite: fullSite
        )
        let platforms = context.variant.subset.flatMap { subset in
            subset.platforms.isEmpty ? nil : PlatformFilter(platforms: context.siteConfig.platforms, keep: subset.platforms)
        }
        let subsetName = context.variant.subset?.name
        let lint = context.request.check
        let renderer = MarkdownRenderer(unsafeHTML: context.config.unsafeHTML)
        let config = context.config
        let annotator = CriteriaCollector.annotator(basePath: context.basePath)
        let keyed = context.cache != nil
        let stylesheet = context.basePath + "assets/site.css"
        return pages.concurrentMap { input -> Diagnosed<Page> in
            var page = input
            let rule: TitleRule = page.frontMatter.title.map { .given($0) } ?? .fromFirstHeading
            let rendered = renderer.render(
                page.markdown, firstLine: page.bodyFirstLine, path: page.sourcePath, title: rule,
                reservedIDs: LayoutIDs.reserved,
                rewriteLink: { resolver.target($0, from: page.contentPath) },
                annotate: annotator, platforms: platforms, lint: lint, demoStylesheet: stylesheet
            )
            var body = rendered.value
            // Only the preview server's render plan reads these keys; hashing every body's HTML
            // for a build that keeps no cache was 1.5% of its time.
            if keyed { body.htmlHash = body.html.hashValue }
            page.body = body
            if let platforms, !page.acceptanceSections.isEmpty { page.acceptanceSections = page.acceptanceSections.map { $0.keeping(platforms) } }
            page.title = TitleFinder.title(for: page, config: config)
            page.markdown = ""
            let criteria = CriteriaCollector().references(of: page)
            page.criteria = criteria.value
            if keyed {
                var key = Hasher()
                key.combine(page.sourcePath)
                key.combine(page.title)
                key.combine(page.frontMatterKey)
                key.combine(page.criteria)
                key.combine(page.body.htmlHash)
                key.combine(page.body.headings)
                page.contentKey = key.finalize()
            }
            let notes = rendered.value.rewritten.map {
                Diagnostic(.note, page.sourcePath, line: $0.line, column: $0.column, category: "subset-link",
                           "\(subsetName ?? "subset"): link \($0.target)")
            }
            return Diagnosed(page, rendered.diagnostics + criteria.diagnostics + notes)
        }
    }

    /// `check` only: the front matter schema, repeated titles and undeclared categories, once
    /// for the full site.
    static func lint(_ context: inout BuildContext) {
        guard context.request.check, context.variant.subset == nil else { return }
        context.diagnostics += ContentLinter().lint(context.pages, config: context.siteConfig)
    }
}
