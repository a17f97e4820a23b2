import Foundation

/// The stages of a run, in order: each called with what it reads, its result recorded in the
/// run's `BuildContext` for the stages after it and for the engine.
extension SiteBuilder {
    /// Once per run up to the engine's question, then, when the last build stands for all but
    /// the edited files, the patch (`patch`), else the content and every site whole (`whole`).
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
        guard c.upToDate == nil else { return }
        if c.last?.memory?.theme == nil { c.themeLoading = LoadTheme.early(c.layout, settings: c.siteConfig, fast: !c.request.swiftMustacheOnly) }
        let found = stages.time(FindEdits.name) { FindEdits.run(c, log: &$0) }
        (c.bodies, c.lastOutputs) = (found.bodies, found.lastOutputs)
        guard !found.bases.isEmpty else { return whole(&c, stages) }
        let before = c
        do {
            c.bases = found.bases
            c.diagnostics += found.diagnostics
            try patch(&c, stages)
        } catch {
            // A patch's stage found the edits reach beyond what the last build stands for (it
            // declined): nothing is put in place, and the content and sites are built whole, taking
            // the live output's files where their keys stand (the last builds the patch read).
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
        content(&c, stages)
        for (position, variant) in c.plan.variants.enumerated() where !c.usageError {
            begin(&c, variant, stages)
            site(&c, last: position == c.plan.variants.count - 1, stages)
            end(&c, stages)
        }
    }

    /// The edited files, and each site from its last build (`c.bases`, in plan order); throws
    /// when a stage declines (`Basis.Declined`).
    private func patch(_ c: inout BuildContext, _ stages: StageClock) throws {
        try contentPatch(&c, stages)
        for (position, variant) in c.plan.variants.enumerated() where !c.usageError {
            begin(&c, variant, stages)
            c.basis = c.bases[position]
            try patchSite(&c, c.bases[position], stages)
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

    /// The content, every file of it: parsed, in its languages, translations matched, subsets
    /// checked against it, and the theme.
    private func content(_ c: inout BuildContext, _ stages: StageClock) {
        let parsed = stages.time(Parse.name) { Parse.all(c.walk, settings: c.siteConfig, layout: c.layout, drafts: c.request.drafts, memo: c.store.memo, log: &$0) }
        c.record(parsed)
        let languages = stages.time(FindLanguages.name) { _ in FindLanguages.run(taken(&c.parsed), settings: c.siteConfig) }
        c.parsed = languages.pages
        if let found = languages.languages {
            // The sites are planned again, in the languages the pages name.
            c.siteConfig.languages = found
            c.siteConfig.configurationReport += languages.report.map { [$0] } ?? []
            if let plan = PlanSites.run(c.siteConfig, request: c.request, layout: c.layout).value { c.plan = plan }
        }
        let matched = stages.time(MatchTranslations.name) { _ in MatchTranslations.run(taken(&c.parsed), walk: c.walk, settings: c.siteConfig) }
        c.diagnostics += matched.diagnostics
        (c.parsed, c.translations) = (matched.value.pages, matched.value.table)
        let subsets = stages.time(CheckSubsets.name) { _ in
            CheckSubsets.run(c.plan.subsets, adHoc: c.request.adHoc != nil, walk: c.walk, pages: c.parsed, settings: c.siteConfig)
        }
        c.diagnostics += subsets
        loadTheme(&c, stages)
    }

    /// The edited files only: a patch starts from the last build, whose subsets were checked
    /// against the same site.yml and files, and whose translation table stands for them.
    private func contentPatch(_ c: inout BuildContext, _ stages: StageClock) throws {
        let basis = c.bases[0]
        let parsed = try stages.time(Parse.name) { _ in
            try Parse.edited(basis.edited, of: c.walk, settings: c.siteConfig, layout: c.layout, drafts: c.request.drafts)
        }
        c.record(parsed)
        try stages.time(FindLanguages.name) { _ in try FindLanguages.checkEdited(c.parsed, settings: c.siteConfig, last: basis.last.translations) }
        let table = stages.time(MatchTranslations.name) { _ in MatchTranslations.edited(c.parsed, settings: c.siteConfig, last: basis.last.translations) }
        c.translations = table
        loadTheme(&c, stages, kept: basis.last.memory?.theme)
    }

    /// The theme; `kept`: the one the last build in memory compiled, which stands when its
    /// basis does (a changed template means no basis).
    private func loadTheme(_ c: inout BuildContext, _ stages: StageClock, kept: CompiledTheme? = nil) {
        let early = c.themeLoading.flatMap { $0.languages == LoadTheme.languages(c.siteConfig) ? $0.theme : nil }
        let theme = stages.time(LoadTheme.name) { _ in
            kept.map { Diagnosed($0) } ?? early?.wait() ?? LoadTheme.run(c.layout, settings: c.siteConfig, fast: !c.request.swiftMustacheOnly)
        }
        c.diagnostics += theme.diagnostics
        c.theme = theme.value
    }

    /// One site, built whole. `last`: the last site of the run, handed the parsed pages.
    private func site(_ c: inout BuildContext, last: Bool, _ stages: StageClock) {
        let variant = c.variant
        let opened = stages.time(PrepareOutput.name) { _ in
            PrepareOutput.run(variant, memory: c.memoryOutput, fullSite: c.writers.first, listsFiles: c.inputs != nil && c.store.keepsLastBuild(of: c.plan),
                              languages: c.siteConfig.languages, layout: c.layout, request: c.request, store: c.store)
        }
        c.open(opened)
        guard let writer = c.output, let theme = c.theme else { return }
        let spec = c.spec
        var selected = stages.time(SelectPages.name) { _ in
            SelectPages.run(last ? taken(&c.parsed) : c.parsed, walk: c.walk, variant: variant, settings: c.siteConfig)
        }
        c.recording.excluded = selected.excluded
        var markdown = RenderMarkdown.Inputs(site: spec, settings: c.siteConfig, assets: Set(selected.assets.map(\.relativePath)),
                                             excluded: selected.excluded, routes: [:], lint: c.makesContentChecks)
        let rendered = stages.time(RenderMarkdown.name) { log in
            let pages = taken(&selected.pages)
            markdown.routes = RenderMarkdown.routes(of: pages)
            let scratch = c.memoryOutput == nil ? RenderMarkdown.scratch(for: pages, upTo: c.request.bodiesInMemoryUpTo, beside: c.layout.output) : nil
            let memo = scratch == nil ? c.bodies.map {
                RenderMarkdown.memo($0, parses: c.store.memo, markdown, walk: c.walk, layout: c.layout)
            } : nil
            return RenderMarkdown.run(pages, markdown, scratch: scratch, memo: memo, log: &log)
        }
        c.record(rendered)
        if variant.subset == nil, c.makesContentChecks {
            let checks = stages.time(Lint.name) { _ in Lint.run(rendered.pages, settings: c.siteConfig) }
            c.recording.checkOnly += checks
        }
        let site = stages.time(Link.name) { _ in
            let site = Link.run(rendered.pages, spec, assets: selected.assets, history: c.history)
            guard c.store.writesOutput else { return site }
            var reuse: (@Sendable () -> ExportParts.Reuse?)?
            if let memo = c.store.memo {
                let parts = memo.reuse(for: site, variant: variant)
                reuse = { parts }
            } else if let live = c.lastOutputs[variant.key] {
                let (history, output) = (c.history, c.plan.variants[0].output)
                reuse = { live.exportReuse(for: site, spec, history: history, output: output, prefix: variant.prefix) }
            }
            c.exports = Link.exports(of: site, basePath: variant.basePath, writer: writer, keepingParts: c.store.holdsWholeSite,
                                     locating: c.store.encodesPages(c), reuse: reuse)
            return site
        }
        c.site = site
        let links = stages.time(CheckLinks.name) { _ in CheckLinks.run(site) }
        c.record(links: links)
        let urls = stages.time(CheckURLs.name) { _ in CheckURLs.run(site, layout: c.layout) }
        c.diagnostics += urls
        let inputs = RenderTemplates.Inputs(spec: spec, theme: theme, writer: writer, markdown: markdown, walk: c.walk, layout: c.layout, history: c.history)
        guard c.store.writesOutput else {
            // `check`: what rendering the pages would report, without rendering them.
            c.record(stages.time(RenderTemplates.name) { _ in RenderTemplates.problems(site, inputs) })
            return
        }
        let before: RenderTemplates.Before = c.store.memo.map { .memo($0) } ?? c.lastOutputs.removeValue(forKey: variant.key).map { .liveOutput($0) } ?? .nothing
        let written = stages.time(RenderTemplates.name) { log in
            let written = RenderTemplates.run(site, inputs, before: before, log: &log)
            // The pages of the build's state (`LastBuild`), made while the rest is written and
            // the output put in place.
            if c.store.encodesPages(c) { c.recording.pagesFile = PagesFile(pages: written.site.pages) }
            return written
        }
        c.record(written)
        let exports = c.exports
        c.exports = nil
        let copied = stages.time(CopyFiles.name) { log in
            let copied = CopyFiles.run(written.site, spec, theme: theme.theme, writer: writer, exports: exports, layout: c.layout)
            if let taken = exports?.partsTaken, taken > 0 { log.notes.append("exports: \(taken) pages' parts taken again") }
            return copied
        }
        c.record(copied)
    }

    /// One site under `basis`: the edited pages rendered and put into the last site, the pages
    /// that show them rendered again, the search index patched.
    private func patchSite(_ c: inout BuildContext, _ basis: Basis, _ stages: StageClock) throws {
        let variant = c.variant
        var started: (any SiteOutput)?
        if c.siteCount > 0 { started = c.memoryOutput ?? c.writers.first }
        let opened = try stages.time(PrepareOutput.name) { _ in
            try PrepareOutput.patched(variant, basis: basis, started: started, memory: c.memoryOutput, layout: c.layout, request: c.request, store: c.store)
        }
        c.open(opened)
        guard let writer = c.output, let theme = c.theme else { return }
        let spec = c.spec
        let selected = try stages.time(SelectPages.name) { _ in try SelectPages.edited(c.parsed, walk: c.walk, variant: variant, settings: c.siteConfig, basis: basis) }
        c.recording.excluded = selected.excluded
        let bodies = c.memoryOutput == nil ? c.bodies : nil
        let markdown = RenderMarkdown.Inputs(site: spec, settings: c.siteConfig, assets: Set(selected.assets.map(\.relativePath)),
                                             excluded: selected.excluded, routes: RenderMarkdown.routes(of: basis.last), lint: bodies != nil && c.lintsWhole)
        let rendered = stages.time(RenderMarkdown.name) {
            RenderMarkdown.patched(selected.pages, markdown, bodies: bodies, lintsWhole: c.lintsWhole, walk: c.walk, layout: c.layout, log: &$0)
        }
        c.record(rendered)
        let failing = c.diagnostics.contains { $0.severity == .error || (c.request.strict && $0.severity == .warning) }
        let linked = try stages.time(Link.name) { _ in
            let linked = try Link.relinked(rendered.pages, spec, assets: selected.assets, history: c.history, basis: basis, renderer: theme.renderer,
                                           failing: failing, holdsWholeSite: c.store.holdsWholeSite)
            if linked.edits.relinked {
                c.exports = Link.relinkedExports(linked.site, edits: linked.edits, basis: basis, output: c.plan.variants[0].output, prefix: variant.prefix,
                                                 basePath: variant.basePath, writer: writer, holdsWholeSite: c.store.holdsWholeSite, locating: c.store.encodesPages(c))
            }
            return linked
        }
        (c.site, c.edits) = (linked.site, linked.edits)
        let checked = try stages.time(CheckLinks.name) { _ in try CheckLinks.edited(linked.site, edits: linked.edits, basis: basis) }
        c.site = checked.site
        c.record(links: checked.found)
        let inputs = RenderTemplates.Inputs(spec: spec, theme: theme, writer: writer, markdown: markdown, walk: c.walk, layout: c.layout, history: c.history)
        let before = RenderTemplates.Before.patched(basis, linked.edits, inMemory: c.store.holdsWholeSite)
        let written = stages.time(RenderTemplates.name) { RenderTemplates.run(checked.site, inputs, before: before, log: &$0) }
        if let reason = written.declined { throw Basis.Declined(reason) }
        c.record(written)
        c.pagesRendered = (c.pagesRendered ?? 0) + written.pagesRendered
        let exports = c.exports
        c.exports = nil
        let output = c.plan.variants[0].output
        let copied = try stages.time(CopyFiles.name) { log -> CopyFiles.Copied in
            guard linked.edits.relinked else {
                return try CopyFiles.patched(written.site, spec, writer: writer, edits: linked.edits, basis: basis, output: output, layout: c.layout)
            }
            let copied = try CopyFiles.relinked(written.site, spec, writer: writer, exports: exports, layout: c.layout)
            if let taken = exports?.partsTaken, taken > 0 { log.notes.append("exports: \(taken) pages' parts taken again") }
            return copied
        }
        c.record(copied)
    }

    /// What ends the run, whatever happened before: `check`'s report, `--strict`'s promotion
    /// of warnings, every site put in place together or none, and the last build kept.
    func finish(_ c: inout BuildContext, _ stages: StageClock) {
        if c.request.check {
            let reported = stages.time(ReportChecks.name) { _ in
                ReportChecks.run(c.diagnostics, checkOnly: c.recording.checkOnly, linkProblems: c.recording.linkProblems)
            }
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
