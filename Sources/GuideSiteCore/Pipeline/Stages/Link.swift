import Foundation

/// Puts the pages together into a site, and starts writing criteria.json and the search index on
/// another core.
/// Reads: `pages`, `files`, `variant`. Writes: `site`, `exports`.
enum Link: BuildStage {
    static let name = "link"

    static func run(_ context: inout BuildContext) {
        if context.variant.subset != nil, let home = context.pages.firstIndex(where: { $0.kind == .home }) {
            // A subset's home page is the home of that guide.
            context.pages[home].title = context.variant.title
        }
        let assets = context.files.filter { $0.kind == .asset }
        let levels = context.variant.subset?.levels ?? []
        context.site = SiteAssembler().assemble(pages: context.pages, assets: assets, config: context.config, levels: levels)
        context.pages = []
        // criteria.json and the search index are made and written on another core from here
        // on, while links are checked and pages rendered (started with the rendering, they were
        // the last work left, on one core).
        _ = try? context.exports?.wait()
        context.exports = nil
        if let writer = context.output, let site = context.site {
            context.exports = SiteExports(site: site, basePath: context.basePath, writer: writer)
        }
    }
}
