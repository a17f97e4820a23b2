import Foundation

/// Builds a site: the same stages, in order, for `build`, `serve`, `check`, subsets, languages
/// and builds that start from the last one. Each stage is a function of what it reads, with
/// what it makes in its result; `BuildContext` is the run's record of those results, which the
/// engine reads to compare with and keep the last build.
///
/// The list (`SiteBuilder+Stages`) is the whole command: once per run, up to the engine's
/// question (`FindEdits`), then the content; for each site (the full site, each subset, each
/// language), its pages; and last what ends the run: `check`'s report, `--strict`'s
/// promotion of warnings, committing every site together or none, and keeping the last
/// build. The list is the same whether the sites are built whole or from their last builds: a
/// stage that can reuse the last build takes it (`last:`, like `RenderTemplates`' `before:`)
/// and does only the edited files' work. A stage that finds an edit reaching beyond what the
/// last build stands for declines, and the content and sites are then built whole (the stages
/// before run once).
public struct SiteBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// Runs every stage, then writes the site only if no error was found.
    public func build(_ request: BuildRequest) -> BuildResult {
        var context = BuildContext(request: request, store: StateFolder())
        return run(&context)
    }

    /// Builds into `output` (memory, for the preview server) instead of the output folder,
    /// patching the last build of each site `memory` holds, and leaving this one there (the
    /// last one still after a failed build).
    public func build(_ request: BuildRequest, into output: MemoryOutput, memory: BuildMemory) -> BuildResult {
        var request = request
        // A preview serves one site.
        request.allSubsets = false
        // The changes since the last successful build, whose sites `memory` holds.
        request.knownChanges = memory.unbuilt.flatMap { unbuilt in request.knownChanges.map { unbuilt.union($0) } }
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
        let stages = StageClock(progress: context.request.progress)
        runStages(&context, stages)
        if let record = context.upToDate {
            var result = BuildResult(
                diagnostics: Diagnostic.sortedForReport(record.diagnostics), pagesWritten: record.pagesWritten,
                milliseconds: Int(StageClock.milliseconds(clock.now - start).rounded()), timings: stages.timings,
                outcome: record.diagnostics.contains { $0.severity == .error } ? .contentErrors : .success,
                output: context.plan.variants.first?.output ?? context.layout.output, sites: record.sites,
                // (The pages name the languages they are in: the record says which they were.)
                languages: max(1, record.languages.count, context.siteConfig.languages.count),
                filesRead: record.filesRead, filesCopied: record.filesCopied, pastedText: record.pastedText,
                title: context.plan.variants.first?.title ?? context.siteConfig.title, language: context.siteConfig.language,
                basePath: context.plan.variants.first?.basePath ?? context.siteConfig.basePath, content: context.layout.content,
                upToDate: true
            )
            result.configuration = context.siteConfig.configurationReport
            return result
        }
        finish(&context, stages)
        let outcome: BuildResult.Outcome = context.usageError ? .usageError : context.hasErrors ? .contentErrors : .success
        if context.request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit(context)) }
        var result = BuildResult(
            diagnostics: Diagnostic.sortedForReport(context.diagnostics),
            pagesWritten: outcome == .success ? context.pagesWritten : 0,
            milliseconds: Int(StageClock.milliseconds(clock.now - start).rounded()),
            timings: stages.timings, outcome: outcome, output: context.plan.variants.first?.output ?? context.layout.output,
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
        result.patched = context.patched
        return result
    }

}

/// What a build held, kept alive until the process ends (`BuildRequest.endsProcess`).
final class KeptUntilExit {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
