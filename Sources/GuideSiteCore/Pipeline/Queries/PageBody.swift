import Foundation

/// What every body of a site reads besides its page and its links' answers, by the site's
/// `Variant.key`: set by the driver for each site it builds.
struct BodySettings: Input {
    struct Value: Encodable, Equatable, Sendable {
        /// site.yml's settings, and as the site is titled (`SiteSpec.config`).
        var settings: SiteConfig
        var config: SiteConfig
        var strings: ThemeStrings
        var subset: Subset?
    }

    let site: String
}

/// What a site's links resolve against (`LinkResolver`), by the site's `Variant.key`: set by
/// the driver for each site it builds.
struct SiteLinks: Input {
    struct Excluded: Encodable, Equatable, Sendable {
        var contentPath: String
        var route: Route
    }

    struct Value: Encodable, Equatable, Sendable {
        var routes: [String: Route]
        /// The copied files' content paths, sorted.
        var assets: [String]
        var excluded: [Excluded]
    }

    let site: String
}

/// A site's renderer of Markdown, made once for all its bodies.
struct SiteRenderer: Query {
    struct Value: Encodable, Sendable {
        let renderer: RenderMarkdown.BodyRenderer
        let settings: BodySettings.Value
        /// What every body of the site reads besides its page, as a body's identity names it.
        let key: BodyMemo.Key

        func encode(to encoder: any Encoder) throws { try settings.encode(to: encoder) }
    }

    static var cutsOff: Bool { false }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        guard let settings = context.input(BodySettings(site: site)) else { preconditionFailure("the driver sets a site's BodySettings") }
        let (config, strings, subset) = (settings.config, settings.strings, settings.subset)
        let key = BodyMemo.renderer(config: config, settings: settings.settings, strings: strings, subset: subset)
        let renderer = RenderMarkdown.BodyRenderer(config: config, settings: settings.settings, strings: strings, subset: subset)
        return Value(renderer: renderer, settings: settings, key: key)
    }
}

/// A site's link resolver, made once for all its links.
struct SiteResolver: Query {
    struct Value: Encodable, Sendable {
        let resolver: LinkResolver
        let links: SiteLinks.Value

        func encode(to encoder: any Encoder) throws { try links.encode(to: encoder) }
    }

    static var cutsOff: Bool { false }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        guard let settings = context.input(BodySettings(site: site)), let links = context.input(SiteLinks(site: site)) else {
            preconditionFailure("the driver sets a site's BodySettings and SiteLinks")
        }
        let resolver = RenderMarkdown.resolver(settings: settings.settings, routes: RouteLookup(links.routes), assets: Set(links.assets),
                                               excluded: .excluded(links.excluded.map { ($0.contentPath, $0.route) }))
        return Value(resolver: resolver, links: links)
    }
}

/// Where a link written in a page of a site leads: asked again when the site's routes move, it
/// cuts off every body that wrote it when the answer stays.
struct LinkAnswer: Query {
    typealias Value = LinkTarget

    let site: String
    let url: String
    /// The content path the link is read from (`Page.translationKey`).
    let from: String

    func compute(_ context: QueryContext) -> LinkTarget {
        context.fetch(SiteResolver(site: site)).resolver.target(url, from: from)
    }
}

/// A page of a site as its stages selected it (its language, translation and subset placed),
/// by the site's `Variant.key` and the page's content path: set by the driver for each site.
struct SelectedPage: Input {
    typealias Value = Page

    let site: String
    let path: String
}

/// What rendering a page's Markdown reads of it: a page whose Markdown, path, first line and
/// title stay cuts its bodies off (its front matter edited, or its file read again the same).
struct PageSource: Query {
    struct Value: Encodable, Equatable, Sendable {
        var markdown: String
        var path: String
        var firstLine: Int
        var title: String?

        init(_ page: Page) {
            (markdown, path, firstLine, title) = (page.markdown, page.sourcePath, page.bodyFirstLine, page.frontMatter.title)
        }
    }

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> Value {
        guard let page = context.input(SelectedPage(site: site, path: path)) else { preconditionFailure("the driver sets a site's pages") }
        return Value(page)
    }
}

/// A page's body in a site: its Markdown rendered with the site's renderer, each link answered
/// by the site's resolver (a dependency each), from the content path `from`.
struct PageBody: Query {
    typealias Value = BodyMemo.Body

    static var cutsOff: Bool { false }

    let site: String
    let path: String
    let from: String

    func compute(_ context: QueryContext) -> Value {
        let source = context.fetch(PageSource(site: site, path: path))
        let renderer = context.fetch(SiteRenderer(site: site)).renderer
        // (A link that stays as written anywhere asks nothing of the site.)
        return renderer.body(of: source) { url in
            LinkResolver.staysAsWritten(url) ? .keep : context.fetch(LinkAnswer(site: site, url: url, from: from))
        }
    }
}

/// A page of a site with its body and what it takes from it (`RenderMarkdown.Finishing`): its
/// title, criteria and problems.
struct FinishedPage: Query {
    typealias Value = Diagnosed<Page>

    static var cutsOff: Bool { false }

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> Value {
        guard let page = context.input(SelectedPage(site: site, path: path)) else { preconditionFailure("the driver sets a site's pages") }
        let renderer = context.fetch(SiteRenderer(site: site))
        let body = context.fetch(PageBody(site: site, path: path, from: page.translationKey))
        let settings = renderer.settings
        let finishing = RenderMarkdown.Finishing(config: settings.config, platforms: renderer.renderer.platforms,
                                                 subsetName: settings.subset?.name, scratch: nil)
        return finishing.page(page, body, key: BodyMemo.key(renderer: renderer.key, page: page, markdown: BodyMemo.digest(page.markdown)))
    }
}
