import Foundation

/// What every page of a site shows besides the pages, by the site's `Variant.key`: set by the
/// driver for each site.
struct PageSettings: Input {
    struct Value: Encodable, Equatable, Sendable {
        /// The site's base path, from which its not-found page's links start.
        var basePath: String
        var strings: ThemeStrings
        /// The theme has `assets/brand.css`, which every page links; a subset is not indexed.
        var brand: Bool
        var noindex: Bool
        /// The day support results age against (`BuildDate.today`).
        var today: String
    }

    let site: String
}

/// A multilingual site's languages and translations table (its titles move with a title edit,
/// so apart from `PageSettings`, which every page reads).
struct PageLanguages: Input {
    struct Value: Encodable, Equatable, Sendable {
        var languages: SiteLanguages?
    }

    let site: String
}

/// What laying a site's pages out reads (`RenderTemplates.Layouts`).
struct SiteLayouts: Input {
    typealias Value = RenderTemplates.Layouts

    let site: String
}

/// Each page's layout, in the site's order, one the theme has, and what laying them out said
/// (`RenderTemplates.laidOut`): the driver takes both.
struct LaidOutPages: Query {
    struct Value: Encodable, Equatable, Sendable {
        var layouts: [String]
        var problems: [Diagnostic]
    }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        guard let layouts = context.input(SiteLayouts(site: site)) else { preconditionFailure("the driver sets a site's SiteLayouts") }
        let laid = RenderTemplates.laidOut(context.fetch(LinkedSite(site: site)).site, layouts)
        return Value(layouts: laid.site.pages.map(\.layout), problems: laid.diagnostics)
    }
}

/// Each page's layout alone: a layout added that no page names changes none, though the
/// warnings naming the theme's layouts change.
struct PageLayouts: Query {
    typealias Value = [String]

    let site: String

    func compute(_ context: QueryContext) -> [String] {
        context.fetch(LaidOutPages(site: site)).layouts
    }
}

/// A site's compiled templates, with each layout's digest (its file and every partial): equal
/// when the digests are.
struct SiteTemplates: Input {
    struct Value: Encodable, Equatable, Sendable {
        var digests: [String: String]
        var renderer: TemplateRenderer

        static func == (lhs: Value, rhs: Value) -> Bool { lhs.digests == rhs.digests }

        func encode(to encoder: any Encoder) throws { try digests.encode(to: encoder) }
    }

    let site: String
}

/// One layout of a site's theme, the same while its digest is: a template edited renders again
/// only the pages of the layouts that include it.
struct LayoutRenderer: Query {
    struct Value: Encodable, Equatable, Sendable {
        var digest: String?
        var renderer: TemplateRenderer?

        static func == (lhs: Value, rhs: Value) -> Bool { lhs.digest == rhs.digest }

        func encode(to encoder: any Encoder) throws { try digest.encode(to: encoder) }
    }

    let site: String
    let layout: String

    func compute(_ context: QueryContext) -> Value {
        let templates = context.input(SiteTemplates(site: site))
        return Value(digest: templates?.digests[layout], renderer: templates?.renderer)
    }
}

/// What makes each page's values (`PageContextBuilder`) over the site put together from its
/// headers (`LinkedSite`), its languages and its pages' layouts (`PageLayouts`). A page's values
/// read it through the parts of the site they read (`PartOfSite`).
struct PageContexts: Query {
    /// A reference: each of the thousands of parts fetching it copied the builder's fields.
    final class Value: Encodable, @unchecked Sendable {
        let builder: PageContextBuilder

        init(builder: PageContextBuilder) { self.builder = builder }

        func encode(to encoder: any Encoder) throws { try builder.whole.pages.encode(to: encoder) }
    }

    static var cutsOff: Bool { false }

    let site: String

    func compute(_ context: QueryContext) -> Value {
        guard let settings = context.input(PageSettings(site: site)) else { preconditionFailure("the driver sets a site's PageSettings") }
        var linked = context.fetch(LinkedSite(site: site)).site
        linked.languages = context.input(PageLanguages(site: site))?.languages
        for (index, layout) in context.fetch(PageLayouts(site: site)).enumerated() { linked.pages[index].layout = layout }
        // Links made as pages ask: after an edit, few pages' values are made again.
        var builder = PageContextBuilder(site: linked, basePath: SiteRoot.marker, precomputeLinks: false, strings: settings.strings,
                                         brand: settings.brand, fingerprinting: true)
        builder.noindex = settings.noindex
        return Value(builder: builder)
    }
}

/// What one page of a site shows (`number`: which page of a long list), with its layout, its
/// `.feature` file and where its links start: the same values render the same page, so a page
/// whose values come back with the same fingerprint is not rendered again. It reads the parts
/// of the site its values read, each a query (`PartOfSite`), rather than the site: a title edit
/// makes again the values of the pages that show the title. The engine keeps the fingerprints
/// alone (kept, the values were most of the preview's memory).
struct PageContext: Query {
    struct Value: Fingerprinted, Sendable {
        var values: ContextMap
        var layout: String
        var feature: String?
        var root: String

        func write(into bytes: inout [UInt8]) {
            values.write(into: &bytes)
            bytes.append(text: layout)
            bytes.append(feature == nil ? 0 : 1)
            bytes.append(text: feature ?? "")
            bytes.append(text: root)
        }
    }

    static var keepsValue: Bool { false }

    let site: String
    let route: Route
    let number: Int

    func compute(_ context: QueryContext) -> Value {
        // The builder is the site's now; what the values read of it is fetched below, part by part.
        var builder = context.fetchUntracked(PageContexts(site: site)).builder
        guard let settings = context.input(PageSettings(site: site)), let index = builder.whole.pageIndex[route] else {
            preconditionFailure("a page of the site the driver set")
        }
        // The site's addresses and the page's header are read first: a page moved may no longer
        // have the body it read (the engine checks what a value read in the order it read it).
        _ = context.fetch(PartOfSite(site: site, part: .frame))
        _ = context.fetch(PartOfSite(site: site, part: .page(index)))
        let reads = SiteReads()
        builder.reads = reads
        var page = builder.whole.pages[index]
        if !page.contentPath.isEmpty {
            let finished = context.fetch(FinishedPage(site: site, path: page.contentPath)).value
            (page.body, page.bodyFirstLine) = (finished.body, finished.bodyFirstLine)
        }
        let config = builder.whole.config
        let feature = number == 1 && FeatureFile.isWritten(for: page, in: config) ? FeatureFile(page: page) : nil
        let root = page.kind == .notFound ? settings.basePath : SiteRoot.prefix(for: config.pagination.route(of: route, number: number))
        let values = builder.context(for: index, page: page, feature: feature, number: number)
        for part in reads.parts { _ = context.fetch(PartOfSite(site: site, part: part)) }
        return Value(values: values, layout: page.layout, feature: feature?.text, root: root)
    }
}

/// What a part of a site holds (`SitePart`), as the pages' values read it: equal while it is, so
/// the pages that read it are not made again.
struct PartOfSite: Query {
    typealias Value = SitePartValue

    let site: String
    let part: SitePart

    func compute(_ context: QueryContext) -> SitePartValue {
        context.fetch(PageContexts(site: site)).builder.value(of: part)
    }
}

/// One page of a site rendered through its layout, links resolved from where it is written, and
/// its `.feature` file: nil HTML when the theme has no such layout.
struct RenderedPage: Query {
    struct Value: Encodable, Equatable, Sendable {
        var html: Data?
        var feature: Data?
    }

    let site: String
    let route: Route
    let number: Int

    func compute(_ context: QueryContext) -> Value {
        let shown = context.fetch(PageContext(site: site, route: route, number: number))
        let layout = context.fetch(LayoutRenderer(site: site, layout: shown.layout))
        let html = layout.renderer?.renderBytes(shown.values, layout: shown.layout).map { Data(SiteRoot.resolve($0, prefix: shown.root)) }
        return Value(html: html, feature: shown.feature.map { Data($0.utf8) })
    }
}
