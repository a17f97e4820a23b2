import Foundation

/// Stages that check the linked site and write it.
extension SiteBuilder {
    static func checkLinks(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        let assets = Set(site.assets.map(\.relativePath))
        guard let cache = context.cache else {
            let checker = LinkChecker(site: site, assets: assets)
            let found = Array(site.pages.indices).concurrentMap { checker.check($0) }
            if context.stateRecording != nil { context.stateRecording?.linkDiagnostics = found }
            context.diagnostics += found.flatMap { $0 }.map { problem in
                var problem = problem
                if context.request.check { problem.severity = .error }
                return problem
            }
            return
        }
        // Links can only break or heal when pages, their anchors or the copied files change. A
        // site patched after edits inside bodies has the same pages and files: the last result
        // holds unless an edited page's headings or links changed.
        let diagnostics: [[Diagnostic]]
        if let (previous, changed) = cache.patchable("links", as: (anchors: [Int], diagnostics: [[Diagnostic]]).self),
           previous.anchors.count == site.pages.count, changed.allSatisfy({ site.pages[$0].anchorsKey == previous.anchors[$0] }) {
            diagnostics = previous.diagnostics
            cache.keepForAssembly("links", previous)
        } else {
            var targets = Hasher()
            for page in site.pages {
                targets.combine(page.route)
                targets.combine(page.contentPath)
                targets.combine(page.anchorsKey)
                targets.combine(page.title)
                targets.combine(page.sourcePath)
            }
            targets.combine(assets)
            diagnostics = cache.derived("links", key: targets.finalize()) { () -> [[Diagnostic]] in
                let checker = LinkChecker(site: site, assets: assets)
                return Array(site.pages.indices).concurrentMap { checker.check($0) }
            }
            cache.keepForAssembly("links", (anchors: site.pages.map(\.anchorsKey), diagnostics: diagnostics))
        }
        context.diagnostics += diagnostics.flatMap { $0 }.map { problem in
            var problem = problem
            if context.request.check { problem.severity = .error }
            return problem
        }
    }

    /// Two sources that would write the same file are an error naming both.
    static func checkURLs(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        // A site patched after edits inside page bodies has the same files to write.
        if let cache = context.cache {
            var problems: [Diagnostic] = []
            if let (previous, _) = cache.patchable("urls", as: [Diagnostic].self) {
                problems = previous
            } else {
                duplicateURLs(site, layout: context.layout, config: context.config, into: &problems)
            }
            context.diagnostics += problems
            cache.keepForAssembly("urls", problems)
        } else {
            duplicateURLs(site, layout: context.layout, config: context.config, into: &context.diagnostics)
        }
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
        let fast = !context.request.swiftMustacheOnly
        let compiled: Diagnosed<TemplateRenderer>
        if let cache = context.cache {
            // The same template files compile to the same renderer: a rebuild skips compiling.
            var key = Hasher()
            key.combine(fast)
            for path in theme.value.files.keys.sorted() {
                key.combine(path)
                key.combine(theme.value.files[path])
                key.combine(theme.value.origins[path])
            }
            let made = cache.derived("theme", key: key.finalize()) {
                (compiled: TemplateRenderer.compile(theme.value, fast: fast), layoutKeys: theme.value.layoutKeys)
            }
            compiled = made.compiled
            context.layoutKeys = made.layoutKeys
        } else {
            compiled = TemplateRenderer.compile(theme.value, fast: fast)
        }
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
        let cache = context.cache
        let layoutKeys = context.layoutKeys
        var planned: [Int] = []
        // Positions to render and write; every page unless the output starts from the last one.
        var targets = Array(pages.indices)
        if let cache {
            var settings = Hasher()
            settings.combine(context.basePath)
            settings.combine(layoutKeys)
            let planKey = settings.finalize()
            // After an edit inside page bodies only those pages' keys are made again.
            let made: RenderPlan.Keys
            if let (previous, changed) = cache.patchable("render-plan", as: (key: Int, plan: RenderPlan.Keys).self), previous.key == planKey,
               previous.plan.keys.count == site.pages.count {
                made = RenderPlan.keys(site: site, basePath: context.basePath, layoutKeys: layoutKeys, previous: previous.plan, changed: changed)
                planned = made.keys
                // In memory, the output can start from the last build's files, which hold every
                // other page as its unchanged key renders it: only the changed pages are written.
                if let memory = writer as? MemoryOutput, let (files, _) = cache.patchable("output", as: [String: Data].self) {
                    memory.adopt(files)
                    targets = changed.filter { planned[$0] != previous.plan.keys[$0] } + (site.search.map { [$0] } ?? []).filter {
                        planned[$0] != previous.plan.keys[$0] && !changed.contains($0)
                    }
                }
            } else {
                made = RenderPlan.keys(site: site, basePath: context.basePath, layoutKeys: layoutKeys)
                planned = made.keys
            }
            cache.keepForAssembly("render-plan", (key: planKey, plan: made))
        }
        // The cache is consulted once, from this thread; the cores render and write.
        let chosen = targets
        let cached = cache?.html(for: chosen.map { pages[$0].route.file }, keys: chosen.map { planned[$0] }) ?? []
        let stale = cached.isEmpty ? chosen.count : cached.count { $0 == nil }
        let builder = PageContextBuilder(site: site, basePath: context.basePath, precomputeLinks: stale > 50)
        let results = Array(chosen.indices).concurrentMap { position -> (problem: Diagnostic?, made: Data?) in
            let index = chosen[position]
            let page = pages[index]
            do {
                if !cached.isEmpty, let data = cached[position] {
                    try writer.write(data, to: page.route.file)
                    return (nil, nil)
                }
                guard let html = renderer.renderBytes(builder.context(for: index), layout: page.layout) else {
                    return (Diagnostic(.error, page.sourcePath, category: "template", "the theme has no layout `\(page.layout)` and no `page` layout to fall back on"), nil)
                }
                guard cache != nil else {
                    try writer.write(bytes: html, to: page.route.file)
                    return (nil, nil)
                }
                let data = Data(html)
                try writer.write(data, to: page.route.file)
                return (nil, data)
            } catch {
                return (Diagnostic(.error, page.sourcePath, category: "io", "could not write `\(page.route.file)`: \(error.localizedDescription)"), nil)
            }
        }
        cache?.storeHTML(results.indices.compactMap { position in
            results[position].made.map { (pages[chosen[position]].route.file, planned[chosen[position]], $0) }
        })
        cache?.noteReused(pages: pages.count - chosen.count)
        context.diagnostics += results.compactMap(\.problem)
        context.pagesWritten += pages.count
        context.site = site
        // The pages of the build's state (`BuildState`), made while the rest is written and the
        // output put in place.
        if context.stateRecording != nil, context.cache == nil {
            context.stateRecording?.pagesFile = PagesFile(pages: site.pages)
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
            let basePath = context.basePath
            if let exports {
                context.stateRecording?.search = try exports.wait()
                return
            }
            guard let cache = context.cache else {
                try writer.write(CriteriaExport.json(for: site, basePath: basePath), to: "criteria.json")
                try writer.write(SearchIndex.json(for: site, basePath: basePath), to: SearchIndex.path)
                return
            }
            // After an edit inside page bodies, criteria.json is the same and the search index
            // changes in those pages' entries only.
            let export = cache.patchable("criteria.json", as: Data.self)?.value ?? CriteriaExport.json(for: site, basePath: basePath)
            cache.keepForAssembly("criteria.json", export)
            try writer.write(export, to: "criteria.json")
            var parts: SearchIndex.Parts
            if let (previous, changed) = cache.patchable("search-index", as: (parts: SearchIndex.Parts, pages: [Page]).self) {
                parts = previous.parts.updating(changed, in: site)
            } else {
                parts = SearchIndex.parts(for: site, basePath: basePath,
                                          previous: cache.lastForAssembly("search-index", as: (parts: SearchIndex.Parts, pages: [Page]).self))
            }
            let index = parts.data
            parts.known = index
            cache.keepForAssembly("search-index", (parts: parts, pages: site.pages))
            try writer.write(index, to: SearchIndex.path)
            if let memory = writer as? MemoryOutput { cache.keepForAssembly("output", memory.files) }
        } catch {
            context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(context.layout.output), category: "io",
                                                  "could not write the site: \(error.localizedDescription)"))
        }
    }
}
