import Foundation

/// Builds a site: an explicit, ordered list of named stages sharing one `BuildContext`, the same
/// for `build`, `serve`, `check`, subsets and builds that start from the last one.
///
/// Once per run, until the engine has found what the last build stands for (`sharedStages`),
/// then the content (`contentStages`); for each site, the full site and each subset
/// (`siteStages`); and last the stages that end the run (`finalStages`): `check`'s report,
/// `--strict`'s promotion of warnings, committing every site together or none, and keeping the
/// last build for the next run. The lists are what the run is: a stage never asks.
public struct SiteBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// Stages run once per run, up to the engine's question (`FindEdits`).
    static let sharedStages: [any BuildStage.Type] = [
        Configure.self, Load.self, ReadHistory.self, PlanSites.self, CompareWithLastBuild.self, FindEdits.self,
    ]

    /// Stages that read the content, once per run. A patch starts from the last build, whose
    /// subsets were checked against the same site.yml and files.
    static func contentStages(patch: Bool) -> [any BuildStage.Type] {
        [Parse.self, FindLanguages.self, MatchTranslations.self] + (patch ? [] : [CheckSubsets.self]) + [LoadTheme.self]
    }

    /// Stages run for each site of the run (the full site, each subset). A patch keeps every
    /// address of the last build, whose check (`CheckURLs`) stands.
    static func siteStages(patch: Bool) -> [any BuildStage.Type] {
        [PrepareOutput.self, SelectPages.self, RenderMarkdown.self, Lint.self, Link.self, CheckLinks.self]
            + (patch ? [] : [CheckURLs.self]) + [RenderTemplates.self, CopyFiles.self]
    }

    /// Stages that end the run: whatever happened before, they decide what is reported, put in
    /// place and kept.
    static func finalStages(_ request: BuildRequest) -> [any BuildStage.Type] {
        (request.check ? [ReportChecks.self] : []) + (request.strict ? [PromoteWarnings.self] : []) + [Commit.self, KeepForNextBuild.self]
    }

    /// Runs every stage, then writes the site only if no error was found.
    public func build(_ request: BuildRequest) -> BuildResult {
        var context = BuildContext(request: request, store: StateFolder())
        return run(&context)
    }

    /// Builds into `output` (memory, for the preview server) instead of the output folder,
    /// patching the last build of each site `memory` holds when only entries' bodies changed,
    /// and leaving this one there (nothing after a failed build).
    public func build(_ request: BuildRequest, into output: MemoryOutput, memory: BuildMemory) -> BuildResult {
        var request = request
        // A preview serves one site.
        request.allSubsets = false
        var context = BuildContext(request: request, store: memory)
        context.memoryOutput = output
        context.lastSites = memory.sites
        memory.sites = []
        return run(&context)
    }

    /// `check`: every site built in memory and nothing kept, unless the record of a build of the
    /// same inputs holds what the check reports.
    func check(_ request: BuildRequest) -> BuildResult {
        var context = BuildContext(request: request, store: CheckRecord())
        context.memoryOutput = MemoryOutput()
        return run(&context)
    }

    private func run(_ context: inout BuildContext) -> BuildResult {
        let clock = ContinuousClock()
        let start = clock.now
        var timings: [(String, Double)] = []
        let initial = context
        // A stage that finds the edits reach beyond what the last build stands for declines:
        // nothing was written, and the stages run again building everything.
        while !runStages(&context, timings: &timings), let reason = context.declined {
            context.writers.forEach { $0.discard() }
            context.memoryOutput?.reset()
            timings.append(("patch: not patched: " + reason, 0))
            let lastOutputs = context.store.lastOutputs(declined: context.bases)
            context = initial
            context.buildsEverything = true
            context.lastOutputs = lastOutputs
        }
        if let record = context.upToDate {
            var result = BuildResult(
                diagnostics: Diagnostic.sortedForReport(record.diagnostics), pagesWritten: record.pagesWritten,
                milliseconds: Int(Self.milliseconds(clock.now - start).rounded()), timings: timings,
                outcome: record.diagnostics.contains { $0.severity == .error } ? .contentErrors : .success,
                output: context.plan.variants.first?.output ?? context.layout.output, sites: record.sites, languages: max(1, context.siteConfig.languages.count),
                filesRead: record.filesRead, filesCopied: record.filesCopied, pastedText: record.pastedText,
                title: context.plan.variants.first?.title ?? context.siteConfig.title, language: context.siteConfig.language,
                basePath: context.plan.variants.first?.basePath ?? context.siteConfig.basePath, content: context.layout.content,
                upToDate: true
            )
            result.configuration = context.siteConfig.configurationReport
            return result
        }
        for stage in Self.finalStages(context.request) { _ = run(stage, &context, timings: &timings) }
        let outcome: BuildResult.Outcome = context.usageError ? .usageError : context.hasErrors ? .contentErrors : .success
        if context.request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit(context)) }
        var result = BuildResult(
            diagnostics: Diagnostic.sortedForReport(context.diagnostics),
            pagesWritten: outcome == .success ? context.pagesWritten : 0,
            milliseconds: Int(Self.milliseconds(clock.now - start).rounded()),
            timings: timings, outcome: outcome, output: context.plan.variants.first?.output ?? context.layout.output,
            sites: context.siteCount, languages: max(1, context.siteConfig.languages.count),
            filesRead: context.walk.files.filter { $0.kind == .markdown }.count,
            filesCopied: context.walk.files.filter { $0.kind == .asset }.count,
            pastedText: context.pastedText,
            title: context.plan.variants.first?.title ?? context.siteConfig.title,
            language: context.siteConfig.language,
            basePath: context.plan.variants.first?.basePath ?? context.siteConfig.basePath,
            content: context.layout.content, pagesRendered: outcome == .success ? context.pagesRendered : nil
        )
        result.configuration = context.siteConfig.configurationReport
        return result
    }

    /// Runs one stage, with its timings; false when it declined.
    private func run(_ stage: any BuildStage.Type, prefix: String = "", _ context: inout BuildContext, timings: inout [(String, Double)]) -> Bool {
        let clock = ContinuousClock()
        context.request.progress?(prefix + stage.name)
        let began = clock.now
        stage.run(&context)
        timings += context.notes.map { ($0, 0) }
        context.notes = []
        timings.append((prefix + stage.name, Self.milliseconds(clock.now - began)))
        timings += context.parts.map { (prefix + "  " + $0.0, Self.milliseconds($0.1)) }
        context.parts = []
        return context.declined == nil
    }

    /// Runs the shared stages, then the site stages for each site; false when a stage declined.
    private func runStages(_ context: inout BuildContext, timings: inout [(String, Double)]) -> Bool {
        for stage in Self.sharedStages where !context.usageError && context.upToDate == nil {
            guard run(stage, &context, timings: &timings) else { return false }
        }
        guard context.upToDate == nil else { return true }
        let patch = !context.bases.isEmpty
        for stage in Self.contentStages(patch: patch) where !context.usageError {
            guard run(stage, &context, timings: &timings) else { return false }
        }
        for (position, variant) in context.plan.variants.enumerated() where !context.usageError {
            context.variant = variant
            context.site = nil
            context.output = nil
            // Each site starts from its own last build (the edits are the same files in all).
            if !context.bases.isEmpty {
                context.basis = context.bases[position]
                context.edits = EditSummary()
            }
            let prefix = context.plan.variants.count > 1 ? "\(variant.subset?.name ?? "full")\(variant.language.map { " " + $0.code } ?? ""): " : ""
            for stage in Self.siteStages(patch: patch) where !context.usageError {
                guard run(stage, prefix: prefix, &context, timings: &timings) else { return false }
            }
            if context.memoryOutput != nil || (context.inputs != nil && context.store.keepsLastBuild(of: context.plan)) {
                context.builtSites.append(BuiltSite(context))
                context.recording.pagesFile = nil
            }
            context.siteCount += 1
        }
        return true
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// What a build held, kept alive until the process ends (`BuildRequest.endsProcess`).
final class KeptUntilExit {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
