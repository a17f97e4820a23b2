import Foundation

/// Puts pages together into a site: generates the home, section and not-found pages that have
/// no file, and orders each section's entries.
public struct SiteAssembler: Sendable {
    /// Creates an assembler.
    public init() {}

    /// The linked site.
    public func assemble(pages input: [Page], assets: [ContentFile], config: SiteConfig) -> Site {
        var pages = input
        func generated(_ kind: PageKind, title: String, section: String?, route: Route, layout: String) -> Page {
            Page(sourcePath: "", contentPath: "", kind: kind, section: section, route: route, frontMatter: FrontMatter(),
                 title: title, layout: layout, body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
        }
        if !pages.contains(where: { $0.kind == .home }) {
            pages.append(generated(.home, title: config.title, section: nil, route: Route(segments: []), layout: "home"))
        }
        if !pages.contains(where: { $0.kind == .notFound }) {
            pages.append(generated(.notFound, title: "Page not found", section: nil, route: Route(file: "404.html"), layout: "404"))
        }
        let folders = Set(pages.compactMap(\.section))
        let configured = config.sections.map(\.name).filter(folders.contains)
        let order = configured + folders.subtracting(configured).sorted()
        for name in order where !pages.contains(where: { $0.kind == .section && $0.section == name }) {
            let title = config.section(named: name)?.title ?? Self.title(fromFolder: name)
            pages.append(generated(.section, title: title, section: name, route: Route(segments: [Slug.make(name)]), layout: "section"))
        }
        pages.sort { $0.route < $1.route }

        var sections: [SiteSection] = []
        for name in order {
            guard let index = pages.firstIndex(where: { $0.kind == .section && $0.section == name }) else { continue }
            let settings = config.section(named: name)
            let entries = pages.indices.filter { pages[$0].kind == .entry && pages[$0].section == name }
                .sorted { Self.readingOrder(pages[$0], pages[$1]) }
            sections.append(SiteSection(
                name: name,
                title: settings?.title ?? pages[index].frontMatter.title ?? pages[index].title,
                description: settings?.description ?? pages[index].frontMatter.description,
                page: index, entries: entries
            ))
        }
        let home = pages.firstIndex { $0.kind == .home } ?? 0
        return Site(config: config, pages: pages, sections: sections, home: home, assets: assets)
    }

    /// `order` first (pages without one last), then title, then path, so ties never depend on
    /// the file system.
    static func readingOrder(_ a: Page, _ b: Page) -> Bool {
        let orderA = a.frontMatter.order ?? .infinity, orderB = b.frontMatter.order ?? .infinity
        if orderA != orderB { return orderA < orderB }
        let titleA = a.title.lowercased(), titleB = b.title.lowercased()
        if titleA != titleB { return titleA < titleB }
        return a.route < b.route
    }

    /// `native-apps` is "Native apps".
    static func title(fromFolder name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
