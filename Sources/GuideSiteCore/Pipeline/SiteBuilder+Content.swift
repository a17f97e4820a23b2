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
    }

    /// What a walk of the content folder depends on: the folder and the Markdown extensions.
    static func walkKey(_ context: BuildContext) -> String {
        context.layout.content.path + "\n" + context.siteConfig.markdownExtensions.joined(separator: " ")
    }

    static func load(_ context: inout BuildContext) {
        // Nothing created, deleted or moved since the last build in memory: the same files. A
        // reported file that walk did not find means it is older than the report: walk again.
        if let known = context.request.knownChanges, let memory = context.last?.memory, memory.walkKey == walkKey(context),
           known.allSatisfy({ path in memory.positions[path] != nil || memory.files.contains { $0.path == path } }) {
            context.files = memory.files
            context.walkDiagnostics = memory.walkDiagnostics
            context.diagnostics += memory.walkDiagnostics
            context.walkReused = true
            return
        }
        let loaded = ContentLoader(markdownExtensions: Set(context.siteConfig.markdownExtensions))
            .loadFiles(in: context.layout.content, layout: context.layout)
        context.files = loaded.value
        context.walkDiagnostics = loaded.diagnostics
        context.diagnostics += loaded.diagnostics
        // Before anything is read: a file saved during the build then shows as changed next time.
        context.stamps = FileStamp.stamps(of: loaded.value)
    }

    static func parse(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let markdown = context.files.filter { $0.kind == .markdown }
        let results = markdown.concurrentMap { reader.read($0) }
        context.recording.parseDiagnostics = results.map(\.diagnostics)
        for result in results {
            context.diagnostics += result.diagnostics
            guard let page = result.value else { continue }
            if page.isDraft, !context.request.drafts { continue }
            context.parsed.append(page)
        }
    }

    static func renderMarkdown(_ context: inout BuildContext) {
        // Pages a subset leaves out: links to them go to the full site (when site.yml gives its
        // `url`) or become text.
        var excluded: [(contentPath: String, route: Route)] = []
        if context.variant.subset != nil {
            let included = Set(context.pages.map(\.contentPath))
            excluded = context.parsed.filter { !included.contains($0.contentPath) }.map { ($0.contentPath, $0.route) }
        }
        context.recording.excluded = excluded
        let done = render(context.pages, context: context, excluded: excluded)
        context.recording.markdownDiagnostics = Dictionary(done.map { ($0.value.contentPath, $0.diagnostics) },
                                                           uniquingKeysWith: { first, _ in first })
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
            page.body = rendered.value
            if let platforms, !page.acceptanceSections.isEmpty { page.acceptanceSections = page.acceptanceSections.map { $0.keeping(platforms) } }
            page.title = TitleFinder.title(for: page, config: config)
            page.markdown = ""
            let criteria = CriteriaCollector().references(of: page)
            page.criteria = criteria.value
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
