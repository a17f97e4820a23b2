import Foundation

/// The stages of a run, in order: each called with what it reads, its result recorded in the
/// run's `BuildContext` for the stages after it and for the engine.
extension SiteBuilder {
    /// Once per run up to the engine's question, then the content and each site: whole, or when
    /// the last build stands for all but the edited files, their work alone (`contentAndSites`).
    func runStages(_ c: inout BuildContext, _ stages: StageClock) {
        let configured = stages.time(Configure.name) { _ in Configure.run(c.request, layout: c.layout) }
        c.diagnostics += configured.diagnostics
        (c.siteConfig, c.layout) = (configured.value.settings, configured.value.layout)
        let loaded = stages.time(Load.name) { _ in
            Load.run(layout: c.layout, settings: c.siteConfig, known: c.request.knownChanges, last: c.last?.memory)
        }
        c.diagnostics += loaded.diagnostics
        c.walk = loaded.value.walk
        c.siteConfig.frontMatterDefaults += loaded.value.defaults
        c.siteConfig.sections = Load.sections(c.siteConfig.sections, adding: loaded.value.sections)
        let history = stages.time(ReadHistory.name) { _ in ReadHistory.run(c.walk, settings: c.siteConfig, layout: c.layout) }
        c.history = history
        let planned = stages.time(PlanSites.name) { _ in PlanSites.run(c.siteConfig, request: c.request, layout: c.layout) }
        c.diagnostics += planned.diagnostics
        guard let plan = planned.value else {
            c.usageError = true
            return
        }
        c.plan = plan
        let compared = stages.time(CompareWithLastBuild.name) { _ in CompareWithLastBuild.run(c) }
        (c.inputs, c.upToDate, c.recording.previousFiles) = (compared.inputs, compared.upToDate, compared.previousFiles)
        c.lastLanguages = compared.lastLanguages
        guard c.upToDate == nil else { return }
        if c.last?.memory?.theme == nil { c.themeLoading = LoadTheme.early(c.layout, settings: c.siteConfig, fast: !c.request.swiftMustacheOnly) }
        // Sites in the languages the pages named last time, which the last builds were of; the
        // pages say again which they name (`FindLanguages`), the plan as it was when none.
        let unnamed = c.plan
        if c.siteConfig.languages.isEmpty, c.lastLanguages.count > 1, c.plan.variants.contains(where: { $0.subset == nil }) {
            var named = c.siteConfig
            named.languages = FindLanguages.languages(codes: c.lastLanguages)
            if let plan = PlanSites.run(named, request: c.request, layout: c.layout).value { c.plan = plan }
        }
        let found = stages.time(FindEdits.name) { FindEdits.run(c, log: &$0) }
        (c.bodies, c.lastOutputs) = (found.bodies, found.lastOutputs)
        guard !found.bases.isEmpty else {
            c.plan = unnamed
            return whole(&c, stages)
        }
        var before = c
        before.plan = unnamed
        c.bases = found.bases
        do {
            try contentAndSites(&c, stages)
            c.patched = true
        } catch {
            // A stage found the edits reach beyond what the last build stands for (it declined):
            // nothing is put in place, and the content and sites are built whole, taking the live
            // output's files where their keys stand (the last builds the patch read).
            c.writers.forEach { $0.discard() }
            c.memoryOutput?.reset()
            c.bodies?.abandonPatch()
            stages.prefix = ""
            stages.note("patch: not patched: " + ((error as? Basis.Declined)?.reason ?? error.localizedDescription))
            let lastOutputs = c.store.lastOutputs(declined: found.bases)
            c = before
            c.lastOutputs = lastOutputs
            whole(&c, stages)
        }
    }

    /// The content and every site of the run, whole.
    private func whole(_ c: inout BuildContext, _ stages: StageClock) {
        do {
            try contentAndSites(&c, stages)
        } catch {
            // Without a last build no stage declines; were one to, its reason is an error, not lost.
            let reason = (error as? Basis.Declined)?.reason ?? error.localizedDescription
            c.diagnostics.append(Diagnostic(.error, c.layout.displayPath(c.layout.output), category: "internal", "the build stopped: \(reason)"))
        }
    }

    /// The content, then each site: whole, or from the last builds (`c.bases`, in plan order) the
    /// edited files' work; throws when a stage declines (`Basis.Declined`).
    private func contentAndSites(_ c: inout BuildContext, _ stages: StageClock) throws {
        try content(&c, stages)
        try sites(&c, stages)
    }

    /// Every site of the run, each from its last build when `c.bases` has them.
    private func sites(_ c: inout BuildContext, _ stages: StageClock) throws {
        for (position, variant) in c.plan.variants.enumerated() where !c.usageError {
            begin(&c, variant, stages)
            c.basis = c.bases.isEmpty ? nil : c.bases[position]
            try site(&c, last: position == c.plan.variants.count - 1, stages)
            end(&c, stages)
        }
    }

    private func begin(_ c: inout BuildContext, _ variant: Variant, _ stages: StageClock) {
        (c.variant, c.site, c.output, c.edits) = (variant, nil, nil, EditSummary())
        stages.prefix = c.plan.variants.count > 1 ? "\(variant.subset?.name ?? "full")\(variant.language.map { " " + $0.code } ?? ""): " : ""
    }

    /// What the site leaves for the next build, when the store keeps it.
    private func end(_ c: inout BuildContext, _ stages: StageClock) {
        stages.prefix = ""
        if c.memoryOutput != nil || (c.inputs != nil && c.store.keepsLastBuild(of: c.plan)) {
            c.builtSites.append(BuiltSite(c))
            c.recording.pagesFile = nil
        }
        c.siteCount += 1
    }

    /// The content: every file of it parsed, in its languages, translations matched, subsets
    /// checked against it, and the theme; or from the last build (the first site's, which a
    /// patch's sites share), the edited files: the last build's subsets were checked against
    /// the same site.yml and files, and its translation table stands for them.
    private func content(_ c: inout BuildContext, _ stages: StageClock) throws {
        let parsed = try stages.time(Parse.name) { log in
            let parsed = try Parse.run(c.walk, settings: c.siteConfig, layout: c.layout, drafts: c.request.drafts, memo: c.store.memo, last: c.bases.first, log: &log)
            // An edited file whose page came or went, here or in a subset, is one added or
            // removed: the bases take it, and the files naming it are read with the edited ones.
            guard !c.bases.isEmpty, let moved = try Basis.withPagesMoved(c.bases, pages: parsed.pages, context: c) else { return parsed }
            c.bases = moved
            let again = try Parse.run(c.walk, settings: c.siteConfig, layout: c.layout, drafts: c.request.drafts, memo: c.store.memo, last: moved.first, log: &log)
            guard try Basis.withPagesMoved(moved, pages: again.pages, context: c) == nil else { throw Basis.Declined("an edited file changed while it was read") }
            log.notes.append("patch: \(moved[0].edited.count) files read, an edited file's page having come or gone")
            return again
        }
        let basis = c.bases.first
        c.diagnostics += basis?.lastDiagnostics ?? []
        c.record(parsed)
        let languages = try stages.time(FindLanguages.name) { _ in try FindLanguages.run(taken(&c.parsed), settings: c.siteConfig, last: basis) }
        c.parsed = languages.pages
        if let found = languages.languages {
            // The sites are planned again, in the languages the pages name: under the last
            // builds, those they were of.
            c.siteConfig.languages = found
            c.siteConfig.configurationReport += languages.report.map { [$0] } ?? []
            let planned = c.plan.variants.map(\.key)
            if let plan = PlanSites.run(c.siteConfig, request: c.request, layout: c.layout).value { c.plan = plan }
            if basis != nil, c.plan.variants.map(\.key) != planned { throw Basis.Declined("the languages the pages name changed") }
            // The live output's pages show the last build's languages: taken only when they are these.
            if found.map(\.code) != c.lastLanguages { c.lastOutputs = [:] }
        }
        let matched = try stages.time(MatchTranslations.name) { _ in try MatchTranslations.run(taken(&c.parsed), walk: c.walk, settings: c.siteConfig, last: basis) }
        (c.parsed, c.translations) = (matched.value.pages, matched.value.table)
        c.record(translationProblems: matched.diagnostics)
        let subsets = stages.time(CheckSubsets.name) { _ in
            CheckSubsets.run(c.plan.subsets, adHoc: c.request.adHoc != nil, walk: c.walk, pages: c.parsed, settings: c.siteConfig, last: basis)
        }
        c.diagnostics += subsets
        try theme(&c, basis: basis, stages)
    }

    /// One site: every page, or under its last build (`c.basis`) the edited pages put into the
    /// last site, the pages that show them rendered again and the exports patched. A stage that
    /// reads the last build declines (throws `Basis.Declined`) when an edit reaches beyond what
    /// that build stands for. `last`: the last site of the run, handed the parsed pages.
    private func site(_ c: inout BuildContext, last: Bool, _ stages: StageClock) throws {
        let variant = c.variant, basis = c.basis
        let opened = try stages.time(PrepareOutput.name) { _ in
            try PrepareOutput.run(variant, last: basis, first: c.siteCount == 0, memory: c.memoryOutput, fullSite: c.writers.first,
                                  listsFiles: c.inputs != nil && c.store.keepsLastBuild(of: c.plan), failing: c.failing, languages: c.siteConfig.languages,
                                  layout: c.layout, request: c.request, store: c.store)
        }
        c.open(opened)
        guard let writer = c.output, let theme = c.theme else { return }
        let spec = c.spec
        var selected = try stages.time(SelectPages.name) { _ in
            try SelectPages.run(last ? taken(&c.parsed) : c.parsed, walk: c.walk, variant: variant, settings: c.siteConfig, last: basis)
        }
        c.recording.excluded = selected.excluded
        // The preview renders a patch's pages anew; on disk their bodies are kept for the next build.
        let bodies = basis != nil && c.memoryOutput != nil ? nil : c.bodies
        var markdown = RenderMarkdown.Inputs(site: spec, settings: c.siteConfig, assets: Set(selected.assets.map(\.relativePath)), excluded: selected.excluded,
                                             routes: RouteLookup([:]))
        let rendered = stages.time(RenderMarkdown.name) { log in
            let pages = taken(&selected.pages)
            markdown.routes = basis.map { RenderMarkdown.routes(of: $0, pages: pages) } ?? RouteLookup(RouteLookup.table(of: pages))
            let scratch = basis == nil && c.memoryOutput == nil ? RenderMarkdown.scratch(for: pages, upTo: c.request.bodiesInMemoryUpTo, beside: c.layout.output) : nil
            return RenderMarkdown.run(pages, markdown, last: basis, bodies: scratch == nil ? bodies : nil, parses: c.store.memo, scratch: scratch,
                                      log: &log)
        }
        c.record(rendered)
        let output = c.plan.variants[0].output
        let linked = try stages.time(Link.name) { _ in
            let linked = try Link.run(rendered.pages, spec, assets: selected.assets, history: c.history, last: basis,
                                      renderer: theme.renderer, queries: rendered.queries)
            guard c.store.writesOutput, !c.failing else { return linked }
            c.exports = Link.exports(of: linked.site, edits: linked.edits, last: basis, output: output, prefix: variant.prefix, basePath: variant.basePath,
                                     writer: writer, keepingParts: c.store.holdsWholeSite, locating: c.store.encodesPages(c),
                                     reuse: basis == nil ? exportReuse(c, linked.site, spec) : nil)
            return linked
        }
        (c.site, c.edits) = (linked.site, linked.edits)
        if variant.subset == nil { c.diagnostics += stages.time(Lint.name) { _ in Lint.run(linked.site.pages) } }
        let checked = try stages.time(CheckLinks.name) { _ in
            try CheckLinks.run(linked.site, edits: linked.edits, last: basis, queries: rendered.queries)
        }
        c.site = checked.site
        c.record(links: checked.found)
        let urls = try stages.time(CheckURLs.name) { _ in try CheckURLs.run(checked.site, layout: c.layout, last: basis) }
        c.diagnostics += urls
        let inputs = RenderTemplates.Inputs(spec: spec, theme: theme, writer: writer, markdown: markdown, walk: c.walk, layout: c.layout, history: c.history)
        guard c.store.writesOutput, !c.failing else {
            // `check`, or a run that will not be committed: what rendering the pages would
            // report, without rendering them.
            c.record(stages.time(RenderTemplates.name) { _ in RenderTemplates.problems(checked.site, inputs) })
            return
        }
        let before: RenderTemplates.Before = basis.map { .patched($0, linked.edits) } ?? rendered.queries.map { .queries($0) }
            ?? c.store.memo.map { .memo($0) }
            ?? c.lastOutputs.removeValue(forKey: variant.key).map { .liveOutput($0) } ?? .nothing
        let written = stages.time(RenderTemplates.name) { log in
            let written = RenderTemplates.run(checked.site, inputs, before: before, log: &log)
            // The pages of the build's state (`LastBuild`), made while the rest is written and
            // the output put in place.
            if basis == nil, c.store.encodesPages(c) { c.recording.pagesFile = PagesFile(pages: written.site.pages) }
            return written
        }
        if let reason = written.declined { throw Basis.Declined(reason) }
        c.record(written)
        if basis != nil { c.pagesRendered = (c.pagesRendered ?? 0) + written.pagesRendered }
        let exports = c.exports
        c.exports = nil
        let copied = try stages.time(CopyFiles.name) { log in
            let copied = try CopyFiles.run(written.site, spec, theme: theme.theme, writer: writer, exports: exports, layout: c.layout,
                                           last: basis, edits: linked.edits, output: output, assetWrites: selected.assetWrites)
            if let taken = exports?.partsTaken, taken > 0 { log.notes.append("exports: \(taken) pages' parts taken again") }
            return copied
        }
        c.record(copied)
    }

    /// Each page's export parts as an earlier build made them, where they stand: the preview's
    /// memo, or the live output's files on disk (read on the exports' thread).
    private func exportReuse(_ c: BuildContext, _ site: Site, _ spec: SiteSpec) -> (@Sendable () -> ExportParts.Reuse?)? {
        let variant = c.variant
        if let memo = c.store.memo {
            let parts = memo.reuse(for: site, variant: variant)
            return { parts }
        }
        guard let live = c.lastOutputs[variant.key] else { return nil }
        let (history, output) = (c.history, c.plan.variants[0].output)
        return { live.exportReuse(for: site, spec, history: history, output: output, prefix: variant.prefix) }
    }

    /// What ends the run, whatever happened before: `check`'s report, `--strict`'s promotion
    /// of warnings, every site put in place together or none, and the last build kept.
    func finish(_ c: inout BuildContext, _ stages: StageClock) {
        if let ran = c.store.memo?.queries.takeExecutions(), !ran.isEmpty {
            stages.note("queries computed: " + ran.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if c.request.check {
            let reported = stages.time(ReportChecks.name) { _ in ReportChecks.run(c.diagnostics, linkProblems: c.recording.linkProblems) }
            c.diagnostics = reported
        }
        if c.request.strict {
            let promoted = stages.time(PromoteWarnings.name) { _ in PromoteWarnings.run(c.diagnostics) }
            c.diagnostics = promoted
        }
        let committed = stages.time(Commit.name) { _ in
            // Files still being written on another thread (a stage stopped the site before
            // they were waited for) are done before the staging folders are put in place.
            _ = try? c.exports?.wait()
            return Commit.run(c.writers, diagnostics: c.diagnostics, usageError: c.usageError, layout: c.layout)
        }
        c.diagnostics = committed
        stages.time(KeepForNextBuild.name) { _ in KeepForNextBuild.run(c, succeeded: !c.hasErrors && !c.usageError) }
    }
}

/// `value`, left empty: the caller hands over the only reference (so that pages' Markdown is
/// freed as they are rendered).
func taken<T>(_ value: inout [T]) -> [T] {
    defer { value = [] }
    return value
}
