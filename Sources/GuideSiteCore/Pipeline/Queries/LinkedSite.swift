import Foundation

/// What putting a site together reads besides its pages' headers, by the site's `Variant.key`:
/// set by the driver for each site.
struct LinkSettings: Input {
    struct Value: Encodable, Equatable, Sendable {
        /// The site's pages by content path, in the order its stages selected them.
        var paths: [String]
        var assets: [ContentFile]
        /// site.yml's settings as the site is titled (`SiteSpec.config`), and the theme's texts.
        var config: SiteConfig
        var strings: ThemeStrings
        /// A subset's criterion levels, and its title, which its home page takes.
        var levels: [String]
        var subsetTitle: String?
        /// Each file's last commit date (`ReadHistory`).
        var dates: [String: CommitDate]
    }

    let site: String
}

/// What other pages read of a page of a site: the page finished, its body without its HTML (the
/// search page's platform filter reads its headings). A body edit that moves no title, criterion
/// or heading cuts off what reads the header.
struct PageHeader: Query {
    typealias Value = Page

    let site: String
    let path: String

    func compute(_ context: QueryContext) -> Page {
        var page = context.fetch(FinishedPage(site: site, path: path)).value
        (page.body, page.bodyFirstLine) = (RenderedBody(html: "", headings: page.body.headings), 0)
        return page
    }
}

/// A site put together from its pages' headers (`SiteAssembler`): its pages in order, the pages
/// it makes (sections, categories, criteria, lists), related entries. The pages hold no bodies:
/// the driver gives each its own (`withBodies`).
struct LinkedSite: Query {
    struct Value: Encodable, Sendable {
        let site: Site

        func encode(to encoder: any Encoder) throws { try site.pages.encode(to: encoder) }
    }

    static var cutsOff: Bool { false }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        guard let settings = context.input(LinkSettings(site: site)) else { preconditionFailure("the driver sets a site's LinkSettings") }
        let headers = settings.paths.map { context.fetch(PageHeader(site: site, path: $0)) }
        let pages = Link.prepared(headers, subsetTitle: settings.subsetTitle, dates: settings.dates)
        let linked = SiteAssembler().assemble(pages: pages, assets: settings.assets, config: settings.config, levels: settings.levels,
                                              strings: settings.strings)
        return Value(site: linked)
    }
}

extension LinkedSite {
    /// The site `driver`'s engine puts together from `pages` (the site's pages finished, in
    /// order), each page of a file given its body again.
    static func linked(_ pages: [Page], _ spec: SiteSpec, assets: [ContentFile], dates: [String: CommitDate],
                       queries: RenderMarkdown.Queries) -> Site {
        let variant = spec.variant
        queries.engine.set(LinkSettings(site: queries.site), to: LinkSettings.Value(
            paths: pages.map(\.contentPath), assets: assets, config: spec.config, strings: spec.strings,
            levels: variant.subset?.levels ?? [], subsetTitle: variant.subset == nil ? nil : variant.title, dates: dates))
        var site = queries.engine.fetch(LinkedSite(site: queries.site)).site
        let finished = Dictionary(pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { first, _ in first })
        for index in site.pages.indices {
            guard !site.pages[index].contentPath.isEmpty, let page = finished[site.pages[index].contentPath] else { continue }
            (site.pages[index].body, site.pages[index].bodyFirstLine) = (page.body, page.bodyFirstLine)
        }
        site.languages = spec.languages
        return site
    }
}
