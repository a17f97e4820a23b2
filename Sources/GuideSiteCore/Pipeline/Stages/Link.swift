import Foundation

/// Puts the pages together into a site, and starts writing criteria.json and the search index on
/// another core. Under a basis, the edited pages take their places in the last site instead,
/// when each changed only inside its body; when one changed more and the last build holds every
/// page (the preview), the site is linked anew from them.
/// Reads: `pages`, `assets`, `variant`, `Basis`, `CompiledTheme`, `BuildMemo`. Makes: `Site` (`site`),
/// `SiteExports` (`exports`), `EditSummary` (`edits`).
enum Link: BuildStage {
    static let name = "link"

    static func run(_ context: inout BuildContext) {
        if context.variant.subset != nil, let home = context.pages.firstIndex(where: { $0.kind == .home }) {
            // A subset's home page is the home of that guide.
            context.pages[home].title = context.variant.title
        }
        context.pages = ReadHistory.dated(context.pages, context.history?.wait())
        let assets = context.assets
        let levels = context.variant.subset?.levels ?? []
        if let basis = context.basis {
            context.site = relinked(basis, assets: assets, levels: levels, context: &context)
            context.pages = []
            return
        }
        var site = SiteAssembler().assemble(pages: context.pages, assets: assets, config: context.config, levels: levels, strings: context.strings)
        site.languages = context.languages
        context.site = site
        context.pages = []
        // criteria.json and the search index are made and written on another core from here
        // on, while links are checked and pages rendered (started with the rendering, they were
        // the last work left, on one core).
        _ = try? context.exports?.wait()
        context.exports = nil
        if let writer = context.output, let site = context.site {
            // Each page's parts as an earlier build of the process made them, when they stand (`BuildMemo`).
            var reusing: (@Sendable () -> ExportParts.Reuse?)?
            if let reuse = context.store.memo?.reuse(for: site, variant: context.variant) { reusing = { reuse } }
            context.exports = SiteExports(site: site, basePath: context.basePath, writer: writer, keepingParts: context.store.holdsWholeSite,
                                          locating: context.store.encodesPages(context), reusing: reusing)
        }
    }

    /// The last site with the edited pages in their places; nil (and declined) when an edited
    /// page changed more than its body or the edits have problems a full build should report.
    private static func relinked(_ basis: Basis, assets: [ContentFile], levels: [String], context: inout BuildContext) -> Site? {
        func decline(_ reason: String) -> Site? {
            context.declined = reason
            return nil
        }
        let strict = context.request.strict
        guard !context.diagnostics.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) else {
            return decline("the site has errors")
        }
        guard let renderer = context.theme?.renderer else { return decline("the theme has problems") }
        var site = basis.last.site
        site.config = context.config
        site.assets = assets
        if site.languages == nil, var languages = context.languages {
            // On disk the state keeps the last translation table, not the site's languages.
            languages.table = basis.last.translations
            site.languages = languages
        }
        let limited = SiteAssembler.limiting(to: levels)
        let names = site.config.platforms
        var edits = EditSummary()
        for rendered in context.pages {
            guard let position = basis.pageOfEdited[rendered.contentPath], position >= 0 else { return decline("an edited page is not the file's") }
            var page = limited(rendered)
            // As the template stage would: the last site holds the page with its layout so.
            if !renderer.layouts.contains(page.layout) {
                guard !renderer.brokenLayouts.contains(page.layout) else { return decline("an edited page's layout is broken") }
                page.layout = "page"
            }
            guard let last = basis.last.wholePage(position) else { return decline("the state's pages cannot be read") }
            if !page.sameOutsideBody(as: last) {
                // The last site's pages link anew with this one, as long as every page keeps its
                // address (so the pages and their order stay), its language, and its place in a
                // subset.
                let included = context.variant.subset.map { page.kind != .entry || $0.includes(entry: page) } ?? true
                guard included, page.route == last.route,
                      page.frontMatter.layout == last.frontMatter.layout, page.language == last.language, page.translates == last.translates else {
                    return decline("an edited file changed more than its body (title, front matter, criteria, layout, acceptance criteria under headings)")
                }
                edits.relinked = true
            }
            site.pages[position] = page
            edits.positions.append(position)
            edits.last.append(last)
            if page.body.headings.map(\.id) != last.body.headings.map(\.id) { edits.idsChanged = true }
            if page.body.links != last.body.links { edits.linksChanged.append(position) }
            if SearchablePages.platforms(of: page, names: names) != SearchablePages.platforms(of: last, names: names) { edits.platformsChanged = true }
        }
        if edits.relinked, !context.store.holdsWholeSite {
            // On disk the pages were read without what only each shows (front matter entries,
            // links) and undated: whole and dated, for the exports and the render keys of both.
            guard let last = basis.last.wholeSite(context) else { return decline("the state's pages cannot be read") }
            let edited = Set(edits.positions)
            for index in site.pages.indices where !edited.contains(index) { site.pages[index] = last.pages[index] }
            edits.lastSite = last
        }
        if edits.relinked {
            // The pages in the order a full build links them: the walk's, a language's own
            // translations before the pages it leads to the default language for (`SelectPages`).
            let walked = basis.last.pageOfFile.compactMap { $0 >= 0 ? site.pages[$0] : nil }
            let inputs = walked.filter { $0.language != nil } + walked.filter { $0.language == nil }
            var relinked = SiteAssembler().assemble(pages: inputs, assets: assets, config: context.config, levels: levels, strings: context.strings)
            relinked.languages = context.languages
            guard relinked.pages.map(\.route) == site.pages.map(\.route) else {
                return decline("an edit added or removed pages of the site (categories, criteria, redirects)")
            }
            guard ListPages.splitLists(relinked) == ListPages.splitLists(site) else {
                return decline("an edit changed how many numbered pages a long list takes")
            }
            site = relinked
            if let writer = context.output {
                // Every address kept: the last search index's entries stand, in the new order.
                let (last, output, prefix) = (basis.last, context.plan.variants[0].output, context.variant.prefix)
                // The parts of the pages not edited: the preview's, or on disk those in the
                // output's files (read on the exports' thread).
                let edited = Set(edits.positions.map { site.pages[$0].route.path })
                let reuse: @Sendable () -> ExportParts.Reuse? = {
                    let parts = last.memory?.exportParts ?? last.exports?.parts { path in FileBytes.read(path: output.appending(path: prefix + path).path) }
                    return parts.map { ExportParts.Reuse(parts: $0, edited: edited) }
                }
                context.exports = SiteExports(site: site, basePath: context.basePath, writer: writer, keepingParts: context.store.holdsWholeSite,
                                              locating: context.store.encodesPages(context), reusing: reuse,
                                              searchAnew: context.store.holdsWholeSite, search: { [edits, site] in
                    SearchIndexPatch.relinked(site, edits: edits, state: last, output: output, prefix: prefix)
                }, pieces: { [edits, site] parts in
                    SearchIndexPatch.relinkedPieces(site, edits: edits, state: last, output: output, prefix: prefix, parts: parts)
                }, lastPieces: { SearchIndexPatch.lastPieces(last, output: output, prefix: prefix) })
            }
        }
        context.edits = edits
        return site
    }
}
