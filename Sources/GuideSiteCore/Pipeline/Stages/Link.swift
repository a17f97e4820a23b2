import Foundation

/// Puts the pages together into a site, and starts writing criteria.json and the search index on
/// another core. Under a basis, the edited pages take their places in the last site instead,
/// when each changed only inside its body; when one changed more and the last build holds every
/// page (the preview), the site is linked anew from them.
enum Link {
    static let name = "link"

    /// The site of `pages` (a subset's home page titled as that guide), each page dated; with
    /// the site's `last` build, that site with the edited pages in their places (`relinked`).
    /// `renderer`: the theme's layouts, which a build from the last one declines without.
    /// `queries`: the preview's engine, which finished the pages and puts the site together.
    static func run(_ pages: [Page], _ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?, last: Basis?,
                    renderer: TemplateRenderer?, queries: RenderMarkdown.Queries? = nil) throws -> (site: Site, edits: EditSummary) {
        if last == nil, let queries {
            return (LinkedSite.linked(pages, spec, assets: assets, dates: history?.wait()?.dates ?? [:], queries: queries), EditSummary())
        }
        guard let last else { return (linked(pages, spec, assets: assets, history: history), EditSummary()) }
        return try relinked(pages, spec, assets: assets, history: history, basis: last, renderer: renderer)
    }

    private static func linked(_ pages: [Page], _ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?) -> Site {
        var site = SiteAssembler().assemble(pages: prepared(pages, spec, history: history), assets: assets, config: spec.config,
                                            levels: spec.variant.subset?.levels ?? [], strings: spec.strings)
        site.languages = spec.languages
        return site
    }

    /// criteria.json and the search index, made and written on another core from here on, while
    /// links are checked and pages rendered (started with the rendering, they were the last work
    /// left, on one core). `reuse`: each page's parts as an earlier build made them, where they
    /// stand (`BuildMemo`, or the live output's on disk: asked on the exports' thread);
    /// `keepingParts`, `locating`: what the store keeps. With the site's `last` build, none
    /// unless the site was linked anew (`relinkedExports`; else the search index is patched
    /// with the other files, `CopyFiles`). `output`: the run's first site's.
    static func exports(of site: Site, edits: EditSummary, last: Basis?, output: URL, prefix: String, basePath: String, writer: any SiteOutput,
                        keepingParts: Bool, locating: Bool, reuse: (@Sendable () -> ExportParts.Reuse?)?) -> SiteExports? {
        guard let last else {
            return SiteExports(site: site, basePath: basePath, writer: writer, keepingParts: keepingParts, locating: locating, reusing: reuse)
        }
        guard edits.relinked else { return nil }
        return relinkedExports(site, edits: edits, basis: last, output: output, prefix: prefix, basePath: basePath, writer: writer, locating: locating)
    }

    /// The edited pages as `run` gives them to the site.
    private static func prepared(_ pages: [Page], _ spec: SiteSpec, history: HistoryRead?) -> [Page] {
        prepared(pages, subsetTitle: spec.variant.subset == nil ? nil : spec.variant.title, dates: history?.wait()?.dates ?? [:])
    }

    /// `pages` as the site takes them: a subset's home page titled as that guide, each page dated.
    static func prepared(_ pages: [Page], subsetTitle: String?, dates: [String: CommitDate]) -> [Page] {
        var pages = pages
        if let subsetTitle, let home = pages.firstIndex(where: { $0.kind == .home }) { pages[home].title = subsetTitle }
        return ReadHistory.dated(pages, dates: dates)
    }

    /// Under a basis: the last site with the edited pages (`pages`) in their places, and what the
    /// edits changed; declines when an edited page moved to another address, language or place
    /// in a subset (which `Basis.withPagesMoved` takes as a page removed and one added). A run
    /// with errors is patched the same (its output is then discarded, its problems reported as
    /// a full build's).
    private static func relinked(_ pages: [Page], _ spec: SiteSpec, assets: [ContentFile], history: HistoryRead?, basis: Basis,
                                 renderer: TemplateRenderer?) throws -> (site: Site, edits: EditSummary) {
        func decline(_ reason: String) -> Basis.Declined { Basis.Declined(reason) }
        guard let renderer else { throw decline("the theme has problems") }
        let levels = spec.variant.subset?.levels ?? []
        var site = basis.last.site
        var edits = EditSummary()
        site.config = spec.config
        site.assets = assets
        if let languages = spec.languages {
            // The translation table as the edits left it (`MatchTranslations`); where it moved,
            // the translations page shows it (a status shows on the edited pages themselves).
            site.languages = languages
            if languages.table != basis.last.translations {
                edits.alsoShowing = site.pages.indices.filter { site.pages[$0].kind == .translations }
                // Its rows look pages up by address, which a site read from disk has not indexed.
                if site.pageIndex.isEmpty { site.pageIndex = SiteAssembler.index(of: site.pages) }
            }
        }
        // A layout or partial changed renders every page of the layouts it reaches, which look
        // pages up by address too.
        if basis.templatesMoved, site.pageIndex.isEmpty { site.pageIndex = SiteAssembler.index(of: site.pages) }
        let limited = SiteAssembler.limiting(to: levels)
        let names = site.config.platforms
        let added = basis.addedPaths
        var addedPages: [String: Page] = [:]
        for rendered in prepared(pages, spec, history: history) {
            var page = limited(rendered)
            // As the template stage would: the last site holds the page with its layout so.
            if !renderer.layouts.contains(page.layout) {
                guard !renderer.brokenLayouts.contains(page.layout) else { throw decline("an edited page's layout is broken") }
                page.layout = RenderTemplates.fallbackLayout(of: page, layouts: renderer.layouts, library: spec.config.library != nil)
            }
            if added.contains(page.contentPath) {
                addedPages[page.contentPath] = page
                continue
            }
            guard let position = basis.pageOfEdited[rendered.contentPath], position >= 0 else { throw decline("an edited page is not the file's") }
            guard let last = basis.last.wholePage(position) else { throw decline("the state's pages cannot be read") }
            if !page.sameOutsideBody(as: last) {
                // The last site's pages link anew with this one, as long as every page keeps its
                // address (so the pages and their order stay), its language, and its place in a
                // subset. (Its layout shows on it alone, and in lists whether it has a test plan,
                // which its summary reads.)
                let included = spec.variant.subset.map { page.kind != .entry || $0.includes(entry: page) } ?? true
                guard included, page.route == last.route, page.language == last.language, page.translates == last.translates else {
                    throw decline("an edited page moved to another address, language or place in a subset")
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
        // Pages came or went in this site; a translation that came or went moves none in the
        // default language's (its source, edited, shows it), but a subset's lists of what it
        // leaves out may move.
        if basis.filesMoved, !addedPages.isEmpty || !basis.removed.isEmpty || spec.variant.subset != nil { edits.relinked = true }
        if edits.relinked || basis.templatesMoved, basis.last.memory == nil {
            // On disk (the preview holds every page whole) the pages were read without what only
            // each shows (front matter entries, links) and undated: dated, the edited ones whole
            // in both sites, so that the render keys of both read the same of every other page
            // (and, a layout or partial changed, those of its pages move).
            let last = basis.last.datedSite(spec, assets: assets, history: history, whole: Array(zip(edits.positions, edits.last)))
            let edited = Set(edits.positions)
            for index in site.pages.indices where !edited.contains(index) { site.pages[index] = last.pages[index] }
            edits.lastSite = last
        }
        if edits.relinked {
            // The pages in the order a full build links them: the walk's, a language's own
            // translations before the pages it leads to the default language for (`SelectPages`).
            // (A file added has no page in the last site: its own takes its place in the walk.)
            let paths = basis.last.markdownPaths
            let walked = basis.last.pageOfFile.indices.compactMap { file in
                basis.last.pageOfFile[file] >= 0 ? site.pages[basis.last.pageOfFile[file]] : paths.indices.contains(file) ? addedPages[paths[file]] : nil
            }
            guard walked.count == basis.last.pageOfFile.count(where: { $0 >= 0 }) + addedPages.count else { throw decline("an added page is not its file's") }
            let inputs = walked.filter { $0.language != nil } + walked.filter { $0.language == nil }
            var relinked = SiteAssembler().assemble(pages: inputs, assets: assets, config: spec.config, levels: levels, strings: spec.strings,
                                                    last: basis.last.site)
            relinked.languages = spec.languages
            let listsMoved = lists(relinked) != lists(site)
            if basis.filesMoved || listsMoved || relinked.pages.map(\.route) != site.pages.map(\.route) {
                edits.place(in: relinked, from: site, added: Set(addedPages.keys))
                guard edits.positions.count == edits.last.count else { throw decline("an edited page's address moved") }
            }
            site = relinked
        }
        return (site, edits)
    }

    /// How many numbered pages each long list takes, by its address.
    private static func lists(_ site: Site) -> [Route: Int] {
        Dictionary(ListPages.splitLists(site).map { (site.pages[$0.key].route, $0.value) }, uniquingKeysWith: max)
    }

    /// The exports of a site linked anew (`relinked`): every address kept, the last search
    /// index's entries stand in the new order, and the parts of the pages not edited are the
    /// preview's or, on disk, those in the live output's files (read on the exports' thread).
    private static func relinkedExports(_ site: Site, edits: EditSummary, basis: Basis, output: URL, prefix: String, basePath: String,
                                        writer: any SiteOutput, locating: Bool) -> SiteExports {
        let last = basis.last
        // The preview's last build holds every page's parts and makes the search index anew.
        let inMemory = last.memory != nil
        let edited = Set((edits.positions + edits.added).map { site.pages[$0].route.path })
        let reuse: @Sendable () -> ExportParts.Reuse? = {
            let parts = last.memory?.exportParts ?? last.exports?.parts { path in FileBytes.read(path: output.appending(path: prefix + path).path) }
            return parts.map { ExportParts.Reuse(parts: $0, edited: edited) }
        }
        // On disk, the files holding an edited page's part are spliced; the others stay.
        var splicing: (@Sendable () throws -> (layout: ExportLayout, taken: Int)?)?
        if last.memory == nil, let layout = last.exports {
            splicing = {
                try ExportSplice.write(site, basePath: basePath, edited: edited, last: layout,
                                       read: { MappedFile(path: output.appending(path: prefix + $0).path) }, writer: writer)
            }
        }
        return SiteExports(site: site, basePath: basePath, writer: writer, keepingParts: inMemory, locating: locating, reusing: reuse,
                           searchAnew: inMemory, search: {
            // In memory, when pages came or went, from each page's kept part (its document and
            // words' levels): every piece is made again, and reading the last entries back cost more.
            inMemory && edits.lastPosition != nil ? nil : SearchIndexPatch.relinked(site, edits: edits, state: last, output: output, prefix: prefix)
        }, pieces: { parts in
            SearchIndexPatch.relinkedPieces(site, edits: edits, state: last, output: output, prefix: prefix, parts: parts)
        }, lastPieces: { SearchIndexPatch.lastPieces(last, output: output, prefix: prefix) }, splicing: splicing, requiringReuse: !inMemory, overLast: true)
    }
}
