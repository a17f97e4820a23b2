import Foundation

extension RenderMarkdown {
    /// What renders one site's bodies: the Markdown renderer with the site's settings and texts,
    /// the platforms a subset keeps, the criteria annotator. Made once per site, by the stage or
    /// by the query of the site's renderer (`SiteRenderer`).
    struct BodyRenderer: Sendable {
        var markdown: MarkdownRenderer
        var platforms: PlatformFilter?
        let annotator = CriteriaCollector.annotator(basePath: SiteRoot.marker)

        /// `config`: site.yml's settings as the site is titled (`SiteSpec.config`); `settings`:
        /// site.yml's own.
        init(config: SiteConfig, settings: SiteConfig, strings: ThemeStrings, subset: Subset?) {
            platforms = subset.flatMap { subset in
                guard !subset.platforms.isEmpty else { return nil }
                return PlatformFilter(platforms: settings.platforms, keep: subset.platforms, frameworks: settings.frameworks)
            }
            markdown = MarkdownRenderer(
                unsafeHTML: config.unsafeHTML, highlight: config.highlightCode,
                tabs: config.tabs ? TabNames(platforms: config.platforms, frameworks: config.frameworks) : nil,
                labels: MarkdownLabels { strings[$0] }
            )
            markdown.headingIDs = config.library?.generator.headingIDs ?? .guidesite
        }

        /// The body of `source`, each link it holds answered by `answer` and kept with its answer.
        func body(of source: PageSource.Value, answer: (String) -> LinkTarget) -> BodyMemo.Body {
            let rule: TitleRule = source.title.map { .given($0) } ?? .fromFirstHeading
            var asked: [BodyMemo.AskedLink] = []
            let rendered = markdown.render(
                source.markdown, firstLine: source.firstLine, path: source.path, title: rule, reservedIDs: LayoutIDs.reserved,
                rewriteLink: { url in
                    let target = answer(url)
                    asked.append(BodyMemo.AskedLink(url: url, target: target))
                    return target
                },
                annotate: annotator, platforms: platforms, lint: true, demoStylesheet: SiteRoot.marker + "assets/site.css"
            )
            return BodyMemo.Body(links: asked, body: rendered.value, diagnostics: rendered.diagnostics)
        }
    }

    /// The resolver of a site's links: its pages' routes, the files it copies, the pages a
    /// subset leaves out, and site.yml's address.
    static func resolver(settings: SiteConfig, routes: RouteLookup, assets: Set<String>, excluded: RouteLookup) -> LinkResolver {
        let fullSite = settings.url.flatMap { SitePaths.absolute(settings.basePath, siteURL: $0) }
        var resolver = LinkResolver(basePath: SiteRoot.marker, routes: routes, assets: assets, excluded: excluded, fullSite: fullSite,
                                    sitePath: settings.basePath)
        if let url = settings.url.flatMap(URL.init(string:)), let scheme = url.scheme, let host = url.host {
            resolver.host = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        }
        return resolver
    }
}
