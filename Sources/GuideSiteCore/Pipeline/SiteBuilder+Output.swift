import Foundation

/// Stages that check the linked site and write it.
extension SiteBuilder {
    static func checkLinks(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)))
        let found = Array(site.pages.indices).concurrentMap { checker.check($0) }
        context.recording.linkDiagnostics = found
        context.diagnostics += found.flatMap { $0 }.map { problem in
            var problem = problem
            if context.request.check { problem.severity = .error }
            return problem
        }
    }

    /// Two sources that would write the same file are an error naming both.
    static func checkURLs(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        duplicateURLs(site, layout: context.layout, config: context.config, into: &context.diagnostics)
    }

    private static func duplicateURLs(_ site: Site, layout: SiteLayout, config: SiteConfig, into diagnostics: inout [Diagnostic]) {
        var owners: [String: String] = [:]
        var claims: [(file: String, source: String, line: Int)] = site.pages.map { ($0.route.file, $0.sourcePath, $0.sourcePath.isEmpty ? 0 : 1) }
        claims += site.assets.map { ($0.relativePath, layout.displayPath($0.url), 0) }
        if config.url != nil { claims.append(("sitemap.xml", "(sitemap)", 0)) }
        claims.append((SiteWriter.markerName, "(GuideSite's marker file)", 0))
        claims.append(("criteria.json", "(criteria export)", 0))
        claims.append((SearchIndex.path, "(search index)", 0))
        for claim in claims {
            let key = claim.file.lowercased()
            if let first = owners[key] {
                let source = claim.source.isEmpty ? "a generated page" : claim.source
                let other = first.isEmpty ? "a page GuideSite generates for a section or the home page" : first
                diagnostics.append(Diagnostic(
                    .error, claim.source.isEmpty ? first : claim.source, line: claim.line, column: 1, category: "duplicate-url",
                    "\(source) and \(other) would both be written to `\(claim.file)`; rename one of them or give one a `permalink`"
                ))
            } else {
                owners[key] = claim.source
            }
        }
    }

    static func loadTheme(_ context: inout BuildContext) {
        // Loaded already by a patch of the last build that was then not made.
        guard context.renderer == nil else { return }
        let theme = Theme.load(from: context.layout.templates, layout: context.layout)
        context.diagnostics += theme.diagnostics
        let compiled = TemplateRenderer.compile(theme.value, fast: !context.request.swiftMustacheOnly)
        context.diagnostics += compiled.diagnostics
        context.theme = theme.value
        context.renderer = compiled.value
    }

    static func renderTemplates(_ context: inout BuildContext) {
        guard var site = context.site, let renderer = context.renderer, let writer = context.output, context.theme != nil else { return }
        var layoutWarnings: [Diagnostic] = []
        let available = renderer.layouts.sorted().joined(separator: ", ")
        var reportedGenerated = Set<String>()
        for index in site.pages.indices where !renderer.layouts.contains(site.pages[index].layout) {
            let page = site.pages[index]
            if renderer.brokenLayouts.contains(page.layout) {
                // Its template error is reported already; the build fails on it.
                site.pages[index].layout = "page"
                continue
            }
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
        let builder = PageContextBuilder(site: site, basePath: context.basePath)
        let results = Array(pages.indices).concurrentMap { index -> Diagnostic? in
            let page = pages[index]
            do {
                guard let html = renderer.renderBytes(builder.context(for: index), layout: page.layout) else {
                    return Diagnostic(.error, page.sourcePath, category: "template", "the theme has no layout `\(page.layout)` and no `page` layout to fall back on")
                }
                try writer.write(bytes: html, to: page.route.file)
                return nil
            } catch {
                return Diagnostic(.error, page.sourcePath, category: "io", "could not write `\(page.route.file)`: \(error.localizedDescription)")
            }
        }
        context.diagnostics += results.compactMap { $0 }
        context.pagesWritten += pages.count
        context.site = site
        // The pages of the build's state (`LastBuild`), made while the rest is written and the
        // output put in place.
        if context.memoryOutput == nil, context.inputs != nil, context.variants.count == 1, context.variant.subset == nil {
            context.recording.pagesFile = PagesFile(pages: site.pages)
        }
    }

    static func copyFiles(_ context: inout BuildContext) {
        let exports = context.exports
        context.exports = nil
        // Whatever fails below, the files of the other thread are written before the build
        // commits or discards its staging folder.
        defer { _ = try? exports?.wait() }
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
            context.recording.search = try exports?.wait()
        } catch {
            context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.layout.output), category: "io",
                                                  "could not write the site: \(error.localizedDescription)"))
        }
    }
}
