import Foundation

/// Renders every page through its layout, on every core, and writes it, with an entry's
/// `.feature` file beside it. Under a basis, only the edited pages, and the search page when its
/// platform filter changed.
enum RenderTemplates {
    static let name = "render templates"

    /// What rendering a site's pages reads besides the site.
    struct Inputs {
        var spec: SiteSpec
        var theme: CompiledTheme
        var writer: any SiteOutput
        /// How the pages' bodies are rendered (a site linked anew on disk renders again the
        /// bodies of pages that show an edit), and where their files are.
        var markdown: RenderMarkdown.Inputs
        var walk: Walk
        var layout: SiteLayout
        var history: HistoryRead?
    }

    /// What was written before this build, which tells which pages to render again.
    enum Before {
        /// Nothing known: every page.
        case nothing
        /// The preview's engine, which rendered the pages before (`RenderedPage`).
        case queries(RenderMarkdown.Queries)
        /// The pages earlier builds of the process wrote (`BuildMemo`; the preview's sites that
        /// are not the engine's).
        case memo(BuildMemo)
        /// The last build whose output is live on disk (`LastBuild.lastOutputs`).
        case liveOutput(LastBuild.Kept)
        /// The last build the edits were patched into, held whole in memory (what each page
        /// showed, `RenderPlan.Keys`) or on disk.
        case patched(Basis, EditSummary)
    }

    /// The site as rendered (its pages' layouts as they were found), the problems, how many
    /// pages it has and how many were rendered, and what each page shows (`RenderPlan.Keys`,
    /// made when the last build is held in memory).
    struct Written {
        var site: Site
        var diagnostics: [Diagnostic] = []
        var pagesWritten = 0
        var pagesRendered = 0
        var renderKeys: RenderPlan.Keys?
        /// Why the edits cannot be patched after all (a page of the last build unreadable).
        var declined: String?
    }

    static func run(_ site: Site, _ inputs: Inputs, before: Before, log: inout StageLog) -> Written {
        if case .queries(let queries) = before { return rendered(site, inputs, queries: queries, log: &log) }
        var written = laidOut(site, Layouts(inputs.theme.renderer, inputs.markdown.settings))
        var site = written.site
        let renderer = inputs.theme.renderer, config = site.config
        let clock = ContinuousClock(), planning = clock.now
        // A long list is written as numbered pages (`Pagination`), each rendered on its own.
        let lastPages = lastPages(site, diagnostics: &written.diagnostics)
        let (targets, numbers) = pagesToRender(site, lastPages: lastPages, inputs, before: before, written: &written, log: &log)
        log.parts.append(("of which choosing the pages to render (\(targets.count))", clock.now - planning))
        if case .patched(let basis, let edits) = before, edits.lastSite != nil {
            // Read on disk without their HTML and what only each shows: the pages that show the
            // edits, not edited themselves.
            let edited = Set(edits.positions + edits.added)
            guard basis.last.makeWhole(targets.filter { !edited.contains($0) }, in: &site, history: inputs.history, lastIndex: edits.lastIndex) else {
                written.declined = "the state's pages cannot be read"
                return written
            }
            RenderMarkdown.renderAgain(targets.filter { !edited.contains($0) }, in: &site, inputs.markdown,
                                       reader: PageReader(layout: inputs.layout, config: inputs.markdown.settings), files: inputs.walk.markdownByPath)
        }
        var making = PageContextBuilder(site: site, basePath: SiteRoot.marker, precomputeLinks: targets.count > 50, strings: inputs.spec.strings,
                                        brand: inputs.theme.theme.files["assets/brand.css"] != nil)
        making.noindex = inputs.spec.variant.subset?.noindex ?? false
        let builder = making, pages = site.pages
        let absoluteBase = inputs.spec.basePath
        let writer = inputs.writer
        let outputs = numberedPages(targets, site: site, numbers: numbers, last: lastPages)
        let results = outputs.concurrentMap { output -> Diagnostic? in
            let (index, number, route) = output
            let page = pages[index]
            do {
                let feature = number == 1 && FeatureFile.isWritten(for: page, in: config) ? FeatureFile(page: page) : nil
                guard let html = renderer.renderBytes(builder.context(for: index, feature: feature, number: number), layout: page.layout) else {
                    return noLayout(page)
                }
                let root = page.kind == .notFound ? absoluteBase : SiteRoot.prefix(for: route)
                try writer.write(bytes: SiteRoot.resolve(html, prefix: root), to: route.file)
                if let feature {
                    // Beside the page, whether or not it has tests yet: every entry has one.
                    try writer.write(bytes: Array(feature.text.utf8), to: TestPlan.featurePath(of: page.route))
                }
                return nil
            } catch {
                return Diagnostic(.error, page.sourcePath, category: "io", "could not write `\(route.file)`: \(error.localizedDescription)")
            }
        }
        written.diagnostics += results.compactMap { $0 }
        if case .patched(let basis, let edits) = before {
            // (And the folders they leave empty.)
            for (page, file) in unwritten(site, last: edits.lastSite ?? basis.last.site, edits: edits, lastPages: lastPages) {
                do {
                    try writer.remove(file)
                } catch {
                    written.diagnostics.append(Diagnostic(.error, page.sourcePath, category: "io", "could not remove `\(file)`: \(error.localizedDescription)"))
                }
            }
        }
        written.pagesWritten = pagesWritten(site, lastPages: lastPages)
        written.pagesRendered = outputs.count
        written.site = site
        return written
    }

    /// What rendering the site would report, for a run that writes nothing (`check`): the
    /// layouts as `run` finds them, the lists' numbered pages, the pages no layout renders.
    static func problems(_ site: Site, _ inputs: Inputs) -> Written {
        var written = laidOut(site, Layouts(inputs.theme.renderer, inputs.markdown.settings))
        let site = written.site, layouts = inputs.theme.renderer.layouts
        let lastPages = lastPages(site, diagnostics: &written.diagnostics)
        for (index, _, _) in numberedPages(self.written(site), site: site, numbers: [:], last: lastPages) where !layouts.contains(site.pages[index].layout) {
            written.diagnostics.append(noLayout(site.pages[index]))
        }
        written.pagesWritten = pagesWritten(site, lastPages: lastPages)
        return written
    }

    /// The pages this site writes and its lists' numbered pages.
    static func pagesWritten(_ site: Site, lastPages: [Int: Int]) -> Int {
        site.pages.count { !$0.route.isInOtherLanguage } + lastPages.values.reduce(0) { $0 + $1 - 1 }
    }

    static func noLayout(_ page: Page) -> Diagnostic {
        Diagnostic(.error, page.sourcePath, category: "template", "the theme has no layout `\(page.layout)` and no `page` layout to fall back on")
    }

    /// The pages to render, with, for lists, the numbers of their pages to render when not all:
    /// every page, or those whose render key moved since they were written (`before`): by what
    /// each page shows (`RenderPlan`), or under a basis on disk the edited pages and the search
    /// page when the site was not linked anew.
    private static func pagesToRender(_ site: Site, lastPages: [Int: Int], _ inputs: Inputs, before: Before, written: inout Written,
                                      log: inout StageLog) -> ([Int], [Int: Set<Int>]) {
        func changed(_ before: RenderPlan.Keys?, _ after: RenderPlan.Keys) -> ([Int], [Int: Set<Int>]) {
            let targets = self.written(site).filter { before?.keys[$0] != after.keys[$0] }
            var numbers: [Int: Set<Int>] = [:]
            for index in targets where after.numbered[index] != nil {
                numbers[index] = RenderPlan.numbersToRender(index, before: before, after: after)
            }
            return (targets, numbers)
        }
        let layoutKeys = inputs.theme.layoutKeys, basePath = inputs.spec.basePath
        switch before {
        case .nothing, .queries:
            return (self.written(site), [:])
        case .liveOutput(let state):
            return fromLastOutput(site, state: state, lastPages: lastPages, inputs, log: &log) ?? (self.written(site), [:])
        case .patched(let basis, let edits) where basis.last.memory == nil:
            guard let last = edits.lastSite else {
                // Another language's pages are that site's to write.
                return (changedPages(site, edits: edits).filter { !site.pages[$0].route.isInOtherLanguage }, [:])
            }
            let showing = Set(edits.alsoShowing)
            // The last site's pages keyed by the layouts that rendered them.
            let lastLayouts = basis.templatesMoved ? basis.last.layoutKeys(layoutKeys, digests: inputs.theme.theme.layoutDigests) : layoutKeys
            if edits.lastPosition != nil {
                // Pages came or went: every page keyed in both sites, compared by address.
                let keys = [(last, lastLayouts), (site, layoutKeys)].concurrentMap { RenderPlan.keys(site: $0.0, basePath: basePath, layoutKeys: $0.1) }
                return byAddress(changedByAddress(site, keys: keys[1], last: last, keys: keys[0], lastPages: lastPages))
            }
            // Linked anew on disk: the pages whose key moved from the last site's, of those
            // whose key can have (all when the site-wide values or a layout moved).
            guard !basis.templatesMoved, let candidates = RenderPlan.candidates(last: last, site: site, basePath: basePath, layoutKeys: layoutKeys) else {
                let before = RenderPlan.keys(site: last, basePath: basePath, layoutKeys: lastLayouts)
                return changed(before, RenderPlan.keys(site: site, basePath: basePath, layoutKeys: layoutKeys, reusing: before, changed: edits.positions))
            }
            let facts = RenderPlan.PageFacts(site: site)
            let sites = [(last, facts.replacing(candidates.changed, from: last)), (site, facts)]
            let keys = sites.concurrentMap { RenderPlan.keys(site: $0.0, basePath: basePath, layoutKeys: layoutKeys, only: candidates.pages, facts: $0.1) }
            var (targets, numbers) = changed(keys[0], keys[1])
            for index in self.written(site) where showing.contains(index) && !targets.contains(index) { targets.append(index) }
            for index in showing { numbers[index] = nil }
            return (targets, numbers)
        case .patched(let basis, let edits):
            let last = basis.last.memory?.renderKeys ?? lastKeys(basis, inputs)
            if let last, edits.lastPosition != nil, let placed = placedFacts(last, site: site, edits: edits, lastSite: basis.last.site) {
                // Pages came or went: compared by address.
                var keys = RenderPlan.keys(site: site, basePath: basePath, layoutKeys: layoutKeys, reusing: placed.facts, changed: placed.changed)
                keys.wide = wideKey(site, inputs)
                written.renderKeys = keys
                if basis.themeMoved, last.wide != keys.wide { return (self.written(site), [:]) }
                return byAddress(changedByAddress(site, keys: keys, last: basis.last.site, keys: last, lastPages: lastPages))
            }
            var keys: RenderPlan.Keys
            // (A layout or partial that changed moves the keys of the pages it renders.)
            if let last, !edits.relinked, !basis.templatesMoved, last.keys.count == site.pages.count {
                keys = RenderPlan.keys(site: site, basePath: basePath, layoutKeys: layoutKeys, previous: last, changed: edits.positions + edits.alsoShowing)
            } else {
                // Linked anew, every page is where it was: only the edited ones hold anything new.
                keys = RenderPlan.keys(site: site, basePath: basePath, layoutKeys: layoutKeys, reusing: edits.relinked || basis.templatesMoved ? last : nil,
                                       changed: edits.positions)
            }
            keys.wide = wideKey(site, inputs)
            written.renderKeys = keys
            // (Which style sheets the theme has shows on every page: `brand.css` is linked.)
            guard let last, last.keys.count == site.pages.count, !basis.themeMoved || last.wide == keys.wide else { return (self.written(site), [:]) }
            return changed(last, keys)
        case .memo(let memo):
            // The facts of each page the memo holds the same.
            var keys = RenderPlan.keys(site: site, basePath: basePath, layoutKeys: layoutKeys,
                                       reusing: memo.facts(for: site, variant: inputs.spec.variant), changed: [])
            keys.wide = wideKey(site, inputs)
            written.renderKeys = keys
            guard let taken = fromMemo(site, memo: memo, keys: keys, lastPages: lastPages, inputs) else { return (self.written(site), [:]) }
            log.notes.append("memo: \(self.written(site).count - taken.0.count) pages' files taken again")
            return taken
        }
    }

    /// The pages this site writes: not another language's.
    static func written(_ site: Site) -> [Int] {
        site.pages.indices.filter { !site.pages[$0].route.isInOtherLanguage }
    }

    /// The edited pages, and the search page when the platforms entries have sections for
    /// changed (its filter lists them).
    static func changedPages(_ site: Site, edits: EditSummary) -> [Int] {
        guard edits.platformsChanged, let search = site.search else { return edits.positions + edits.alsoShowing }
        let searchable = SearchablePages.searchable(site)
        var before = site
        for (position, last) in zip(edits.positions, edits.last) { before.pages[position] = last }
        let filterChanged = SearchablePages.platformsPresent(in: searchable, of: site) != SearchablePages.platformsPresent(in: searchable, of: before)
        return edits.positions + edits.alsoShowing + (filterChanged ? [search] : [])
    }
}
