import Foundation

/// The link stage: pages put together into a site, reusing the last one when only bodies changed.
extension SiteBuilder {
    static func link(_ context: inout BuildContext) {
        if context.variant.subset != nil, let home = context.pages.firstIndex(where: { $0.kind == .home }) {
            // A subset's home page is the home of that guide.
            context.pages[home].title = context.variant.title
        }
        let assets = context.files.filter { $0.kind == .asset }
        let levels = context.variant.subset?.levels ?? []
        if let cache = context.cache {
            context.site = assemble(context.pages, assets: assets, config: context.config, levels: levels, basePath: context.basePath, cache: cache)
        } else {
            context.site = SiteAssembler().assemble(pages: context.pages, assets: assets, config: context.config, levels: levels)
        }
        context.pages = []
        // criteria.json and the search index are made and written on another core from here
        // on, while links are checked and pages rendered (started with the rendering, they were
        // the last work left, on one core).
        _ = try? context.exports?.wait()
        context.exports = nil
        if context.cache == nil, let writer = context.output, let site = context.site {
            context.exports = SiteExports(site: site, basePath: context.basePath, writer: writer)
        }
    }

    /// The linked site for a build that keeps a cache: the last one with the changed pages put
    /// in when every change is inside page bodies, else a new link. The last site is only
    /// patched for the same settings and base path, so everything made from it (links,
    /// exports) still holds.
    private static func assemble(_ pages: [Page], assets: [ContentFile], config: SiteConfig, levels: [String], basePath: String,
                                 cache: BuildCache) -> Site {
        var hasher = Hasher()
        hasher.combine(config)
        hasher.combine(assets.map(\.relativePath))
        hasher.combine(levels)
        hasher.combine(basePath)
        let key = hasher.finalize()
        let previous = cache.lastAssembly(key: key)
        if let previous, let (site, changed) = SiteAssembler.relinked(pages, previousInputs: previous.inputs, previousSite: previous.site, levels: levels) {
            cache.keepAssembly(BuildCache.Assembly(key: key, inputs: pages, site: site, patch: (previous.generation, changed)))
            return site
        }
        let site = SiteAssembler().assemble(pages: pages, assets: assets, config: config, levels: levels,
                                            memo: { name, key, make in cache.derived(name, key: key, make: make) })
        cache.keepAssembly(BuildCache.Assembly(key: key, inputs: pages, site: site))
        return site
    }
}
