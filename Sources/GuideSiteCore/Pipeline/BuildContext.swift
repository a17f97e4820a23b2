import Foundation

/// The run's record: what each stage made, written by `SiteBuilder` as the stages return, read
/// by the stages' callers and by the engine (`LastBuildStore`, `KeepLastBuild`, `BuildRecord`)
/// to compare with and keep the last build. No stage takes it.
struct BuildContext {
    let request: BuildRequest
    var layout: SiteLayout
    /// site.yml as read (with `--base-url`), the same for every site of the run.
    var siteConfig = SiteConfig()
    /// The files of the content folder (`Load`).
    var walk = Walk()
    /// The git history, being read (`ReadHistory`).
    var history: HistoryRead?
    /// Every page parsed, shared by all the sites of one run (`Parse`); the last site takes
    /// them (`SelectPages`), so that each page's Markdown is freed once rendered.
    var parsed: [Page] = []
    /// How many of them were made from pasted text (`Parse`).
    var parsedPastedText = 0
    /// How each translation stands against its source (`MatchTranslations`).
    var translations = TranslationTable()
    /// The sites this run builds (`PlanSites`).
    var plan = SitePlan()
    /// The one being built: its title, base path and output are the per-site values.
    var variant = Variant(subset: nil, output: URL(fileURLWithPath: "/"), basePath: "/", title: "")
    /// The site being built as its stages read it: its settings, texts and languages.
    var spec: SiteSpec { SiteSpec(variant, settings: siteConfig, theme: theme, translations: translations) }
    /// The linked site being built (`Link`).
    var site: Site?
    /// The theme and its compiled templates (`LoadTheme`).
    var theme: CompiledTheme?
    /// The theme as loaded on another core from the comparison with the last build on, with
    /// the languages of its strings (`LoadTheme.early`).
    var themeLoading: (languages: [String], theme: Pending<Diagnosed<CompiledTheme>>)?
    /// Writers of every site of the run, committed together at the end.
    var writers: [any CommittedOutput] = []
    /// Where files go: the writer's staging folder, or memory for the preview server.
    var output: (any SiteOutput)?
    /// Memory to build into instead of disk (the preview server).
    var memoryOutput: MemoryOutput?
    /// The bodies rendered before and in this run, by what each read (`FindEdits` asks the store).
    var bodies: BodyMemo?
    /// Without a basis, on disk: each site's last build whose output is live (`FindEdits`).
    var lastOutputs: [String: LastBuild.Kept] = [:]
    /// The last build of each site, held in memory by the preview server (on disk, the engine
    /// reads it).
    var lastSites: [LastBuild] = []
    /// The first site's, which holds what the sites share (the walk, the theme).
    var last: LastBuild? { lastSites.first }
    /// Where the last build is kept between runs.
    let store: any LastBuildStore
    /// `criteria.json` and the search index, made beside the template stage (command-line builds).
    var exports: SiteExports?
    var pagesWritten = 0
    /// Pages rendered through templates under a basis (nil for a full build).
    var pagesRendered: Int?
    /// Whether the content and every site were built from the last builds (no stage declined).
    var patched = false
    var siteCount = 0
    var diagnostics: [Diagnostic] = []
    var usageError = false
    /// The hashes of this run's inputs, for the build record and the last build; nil when they
    /// cannot be trusted.
    var inputs: BuildRecord.Inputs?
    var recordKey: String? { inputs?.key }
    /// What the stages of a full-site build record for the last build (`LastBuild`) as they go.
    var recording = Recording()
    /// The last build and the files edited since, when the engine found that the last build
    /// can stand for everything else: the stages then do only the edited files' work.
    var basis: Basis?
    /// Each site's basis, in plan order; `basis` is the one of the site being built.
    var bases: [Basis] = []
    /// What each site leaves for the next rebuild, when the store keeps the run's last build.
    var builtSites: [BuiltSite] = []
    /// What the edits changed in the last site (under a basis).
    var edits = EditSummary()
    /// The record of an identical last build whose output is still in place: nothing to do.
    var upToDate: BuildRecord?
    /// The codes of the last build's languages: its sites were planned in them, and its pages
    /// show them (where the pages name the languages, a page's key does not say so).
    var lastLanguages: [String] = []

    init(request: BuildRequest, store: any LastBuildStore) {
        self.request = request
        self.store = store
        self.layout = SiteLayout(root: request.root, output: request.output)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// Errors found, or warnings `--strict` makes errors: the run will not be committed.
    var failing: Bool { diagnostics.contains { $0.severity == .error || (request.strict && $0.severity == .warning) } }

    mutating func record(_ parsed: Parse.Parsed) {
        (recording.parseDiagnostics, recording.parseIncludes) = (parsed.diagnostics, parsed.includes)
        diagnostics += parsed.diagnostics.joined()
        (self.parsed, parsedPastedText) = (parsed.pages, parsed.pastedText)
    }

    mutating func open(_ opened: PrepareOutput.Opened) {
        diagnostics += opened.diagnostics
        if let writer = opened.writer { writers.append(writer) }
        output = opened.output
        if opened.failed { usageError = true }
    }

    mutating func record(_ rendered: RenderMarkdown.Rendered) {
        diagnostics += rendered.diagnostics
        for (path, problems) in rendered.byFile {
            // A file rendered in several sites has the problems of all, each once.
            guard let known = recording.markdownDiagnostics[path], !known.isEmpty else {
                recording.markdownDiagnostics[path] = problems
                continue
            }
            let seen = Set(known)
            recording.markdownDiagnostics[path] = known + problems.filter { !seen.contains($0) }
        }
    }

    /// The translations' problems, kept with their files' (a patch reads a translation's file
    /// again whenever its status can change: `Basis`).
    mutating func record(translationProblems problems: [Diagnostic]) {
        diagnostics += problems
        guard !problems.isEmpty else { return }
        let files = Dictionary(parsed.map { ($0.sourcePath, $0.contentPath) }, uniquingKeysWith: { first, _ in first })
        for problem in problems {
            if let path = files[problem.path] { recording.markdownDiagnostics[path, default: []].append(problem) }
        }
    }

    mutating func record(links found: [[Diagnostic]]) {
        recording.linkDiagnostics = found
        for list in found { recording.linkProblems.formUnion(list) }
        diagnostics += found.joined()
    }

    mutating func record(_ written: RenderTemplates.Written) {
        diagnostics += written.diagnostics
        pagesWritten += written.pagesWritten
        recording.renderKeys = written.renderKeys
        site = written.site
    }

    mutating func record(_ copied: CopyFiles.Copied) {
        (recording.search, recording.exportParts, recording.exportLayout) = (copied.search, copied.exportParts, copied.exportLayout)
        diagnostics += copied.diagnostics
    }

    /// Pages made from pasted text (under a basis, the last build's count: edits keep it).
    var pastedText: Int { basis?.last.pastedText ?? parsedPastedText }
}

/// What a full-site build records for `LastBuild`: each Markdown file's parse problems (walk
/// order), each page's Markdown problems (by content path) and link problems (site order), the
/// search index's layout, and the files of the output the last state described (to know what
/// the spare site lacks).
struct Recording {
    var parseDiagnostics: [[Diagnostic]] = []
    /// The include files each Markdown file read (`Parse.Parsed.includes`).
    var parseIncludes: [[String]] = []
    var markdownDiagnostics: [String: [Diagnostic]] = [:]
    var linkDiagnostics: [[Diagnostic]] = []
    var search: SearchIndex.Layout?
    /// What each page shows (kept by the preview's last build).
    var renderKeys: RenderPlan.Keys?
    /// The pages a subset leaves out.
    var excluded: [(contentPath: String, route: Route)] = []
    var previousFiles: [String]?
    /// The pages file, encoded on another thread from the end of rendering (`build` only).
    var pagesFile: PagesFile?
    /// Each page's part of the exports (kept by the preview's last build).
    var exportParts: ExportParts?
    /// Where each page's part is in the files (kept by the state on disk).
    var exportLayout: ExportLayout?
    /// In a build, the problems only `check` reports (`Lint`), and every link problem found
    /// (which `check` reports as errors): what the record keeps for a later `check`.
    var linkProblems = Set<Diagnostic>()
}

/// What one site of a run leaves for its next rebuild: its linked site, what its stages
/// recorded, and the basis it was patched from.
struct BuiltSite {
    var variant: Variant
    var site: Site?
    var linkDiagnostics: [[Diagnostic]]
    var search: SearchIndex.Layout?
    var renderKeys: RenderPlan.Keys?
    var excluded: [(contentPath: String, route: Route)]
    var basis: Basis?
    /// Where the edited pages are in the site (under a basis), and when pages came or went,
    /// each page's position in the last site (`EditSummary.lastPosition`).
    var positions: [Int]
    var lastPosition: [Int]?
    /// Its pages, encoded for the state on disk.
    var pagesFile: PagesFile?
    var exportParts: ExportParts?
    var exportLayout: ExportLayout?

    init(_ context: BuildContext) {
        variant = context.variant
        site = context.site
        linkDiagnostics = context.recording.linkDiagnostics
        search = context.recording.search
        renderKeys = context.recording.renderKeys
        excluded = context.recording.excluded
        basis = context.basis
        positions = context.edits.positions + context.edits.added
        lastPosition = context.edits.lastPosition
        if context.edits.lastSite != nil, let site {
            // Linked anew on disk: the pages GuideSite makes (redirects, lists) may have changed too.
            positions += site.pages.indices.filter { site.pages[$0].contentPath.isEmpty && !positions.contains($0) }
        }
        pagesFile = context.recording.pagesFile
        exportParts = context.recording.exportParts
        exportLayout = context.recording.exportLayout
        // On disk the pages are read back from their encoding, which holds no HTML: the site
        // kept until the run ends does without it (under a basis, only the edited pages had any).
        if context.memoryOutput == nil, context.basis == nil, context.plan.variants.count > 1, var kept = site {
            for index in kept.pages.indices {
                kept.pages[index].body.html = ""
                kept.pages[index].body.stored = nil
            }
            site = kept
        }
    }
}

/// What `Load` found in the content folder.
struct Walk {
    var files: [ContentFile] = []
    /// Each file's stamp, taken before any is read (empty when the walk was reused).
    var stamps: [FileStamp?] = []
    /// The walk's warnings (kept with the last build in memory, for a rebuild that reuses it).
    var diagnostics: [Diagnostic] = []
    /// The files are the last build's walk (nothing was created, deleted or moved since).
    var reused = false

    /// The Markdown files by their path below the content folder.
    var markdownByPath: [String: ContentFile] {
        Dictionary(files.filter { $0.kind == .markdown }.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The sites a run builds (`PlanSites`): the full site, a subset, or both and every subset, and
/// the subsets to check.
struct SitePlan {
    var variants: [Variant] = []
    var subsets: [Subset] = []
}

/// The theme and its compiled templates (`LoadTheme`).
struct CompiledTheme {
    var theme: Theme
    var renderer: TemplateRenderer
    /// Its texts in each language of the site, by code.
    var strings: [String: ThemeStrings] = [:]
    /// Each layout's key (`Theme.layoutKeys`), made once: every build's render keys read it
    /// (made again for each of the preview's rebuilds, it read every template).
    let layoutKeys: LayoutKeys
    /// What loading it reported, which a build that compiles it again replaces.
    var diagnostics: [Diagnostic] = []

    init(theme: Theme, renderer: TemplateRenderer, strings: [String: ThemeStrings]) {
        (self.theme, self.renderer, self.strings, layoutKeys) = (theme, renderer, strings, theme.layoutKeys)
    }
}

/// One site a run builds.
struct Variant {
    /// The subset, or nil for the full site.
    var subset: Subset?
    /// Its output folder (for builds to disk).
    var output: URL
    /// Path prefix of its links.
    var basePath: String
    /// Its title.
    var title: String
    /// Written inside the first site's staging folder at this path (`--all-subsets`, a language).
    var insideFullSite: String?
    /// Its language, in a multilingual site.
    var language: Language?
    /// The folder of its output it is written in, when not the top (`default-language-in-folder`).
    var folder = ""

    var label: String { subset.map { "subset \($0.name)" } ?? "full site" }
    /// Where its files go inside the first site's output ("", "fr/", "subsets/a/fr/").
    var prefix: String { (insideFullSite ?? "") + folder }
    /// What tells it from the other sites of a run, for the last build kept of each.
    var key: String { (subset?.name ?? "") + "|" + (language?.code ?? "") + "|" + prefix + "|" + basePath }
}
