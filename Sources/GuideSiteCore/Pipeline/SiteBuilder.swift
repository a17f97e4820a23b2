import Foundation

/// Builds a site: an explicit, ordered list of named stages sharing one `BuildContext`.
///
/// Once per run: configure → load → parse → plan sites → theme. Then for each site (the full
/// site, each subset): prepare output → select pages → render Markdown and collect criteria →
/// lint (check only) → link → check links → check URLs → render templates → copy files.
/// Finally every site is committed together, or none is.
public struct SiteBuilder: Sendable {
    /// Creates a builder.
    public init() {}

    /// One named step of the build.
    struct Stage {
        let name: String
        let run: (inout BuildContext) -> Void
    }

    /// Stages run once per run.
    var sharedStages: [Stage] {
        [
            Stage(name: "configure", run: Self.configure),
            Stage(name: "load", run: Self.load),
            Stage(name: "plan sites", run: Self.planVariants),
            Stage(name: "compare with the last build", run: Self.checkRecord),
            Stage(name: "patch the last build", run: Self.patchLastBuild),
            Stage(name: "parse", run: Self.parse),
            Stage(name: "check subsets", run: Self.validateSubsets),
            Stage(name: "theme", run: Self.loadTheme),
        ]
    }

    /// Stages run for each site of the run (the full site, each subset).
    var siteStages: [Stage] {
        [
            Stage(name: "prepare output", run: Self.prepareOutput),
            Stage(name: "select pages", run: Self.selectPages),
            Stage(name: "render markdown, collect criteria", run: Self.renderMarkdown),
            Stage(name: "lint", run: Self.lint),
            Stage(name: "link", run: Self.link),
            Stage(name: "check links", run: Self.checkLinks),
            Stage(name: "check urls", run: Self.checkURLs),
            Stage(name: "render templates", run: Self.renderTemplates),
            Stage(name: "copy files", run: Self.copyFiles),
        ]
    }

    /// Runs every stage, then writes the site only if no error was found.
    public func build(_ request: BuildRequest) -> BuildResult {
        run(BuildContext(request: request))
    }

    /// Builds into `output` (memory, for the preview server) instead of the output folder,
    /// reusing what `cache` holds from the previous build of the same site.
    public func build(_ request: BuildRequest, into output: any SiteOutput, cache: BuildCache?) -> BuildResult {
        var context = BuildContext(request: request)
        context.memoryOutput = output
        context.cache = cache
        return run(context)
    }

    private func run(_ initial: BuildContext) -> BuildResult {
        let clock = ContinuousClock()
        let start = clock.now
        var context = initial
        var timings: [(String, Double)] = []
        for stage in sharedStages where !context.usageError && context.upToDate == nil && context.patched == nil {
            context.request.progress?(stage.name)
            let began = clock.now
            stage.run(&context)
            timings += context.timingsOfPatch
            context.timingsOfPatch = []
            timings.append((stage.name, Self.milliseconds(clock.now - began)))
        }
        if var result = context.patched {
            if context.request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit(context)) }
            result.timings = timings
            result.milliseconds = Int(Self.milliseconds(clock.now - start).rounded())
            return result
        }
        if let record = context.upToDate {
            return BuildResult(
                diagnostics: Diagnostic.sortedForReport(record.diagnostics), pagesWritten: record.pagesWritten,
                milliseconds: Int(Self.milliseconds(clock.now - start).rounded()), timings: timings, outcome: .success,
                output: context.variants.first?.output ?? context.layout.output, sites: record.sites,
                filesRead: record.filesRead, filesCopied: record.filesCopied, pastedText: record.pastedText,
                title: context.variants.first?.title ?? context.siteConfig.title, language: context.siteConfig.language,
                basePath: context.variants.first?.basePath ?? context.siteConfig.basePath, content: context.layout.content,
                upToDate: true
            )
        }
        for variant in context.variants where !context.usageError {
            context.variant = variant
            context.site = nil
            context.output = context.memoryOutput
            let prefix = context.variants.count > 1 ? "\(variant.subset?.name ?? "full"): " : ""
            for stage in siteStages where !context.usageError {
                context.request.progress?(prefix + stage.name)
                let began = clock.now
                stage.run(&context)
                timings.append((prefix + stage.name, Self.milliseconds(clock.now - began)))
            }
            context.siteCount += 1
        }
        if context.request.strict {
            context.diagnostics = context.diagnostics.map {
                var promoted = $0
                if promoted.severity == .warning { promoted.severity = .error }
                return promoted
            }
        }
        let began = clock.now
        // Files still being written on another thread (a stage stopped the build before they
        // were waited for) are done before the staging folder is committed or discarded.
        _ = try? context.exports?.wait()
        context.diagnostics = Array(Set(context.diagnostics))
        if context.hasErrors || context.usageError {
            context.writers.forEach { $0.discard() }
        } else {
            for (position, writer) in context.writers.enumerated() {
                do {
                    try writer.commit()
                } catch {
                    context.writers[(position + 1)...].forEach { $0.discard() }
                    context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(writer.output), category: "io",
                                                          "could not put the new site in place: \(error.localizedDescription)"))
                    break
                }
            }
        }
        timings.append(("commit", Self.milliseconds(clock.now - began)))
        let recording = clock.now
        Self.keepRecord(context, succeeded: !context.hasErrors && !context.usageError)
        timings.append(("keep the build record and state", Self.milliseconds(clock.now - recording)))
        // Nothing to drop when the files are those of the last walk and the site patches the last one.
        if let cache = context.cache, let site = context.site, !(context.walkReused && cache.statistics.sitePatched) {
            cache.keepOnly(contentPaths: Set(context.files.map(\.relativePath)), outputFiles: Set(site.pages.map(\.route.file)))
        }
        let outcome: BuildResult.Outcome = context.usageError ? .usageError : context.hasErrors ? .contentErrors : .success
        if context.request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit(context)) }
        return BuildResult(
            diagnostics: Diagnostic.sortedForReport(context.diagnostics),
            pagesWritten: outcome == .success ? context.pagesWritten : 0,
            milliseconds: Int(Self.milliseconds(clock.now - start).rounded()),
            timings: timings, outcome: outcome, output: context.variants.first?.output ?? context.layout.output,
            sites: context.siteCount,
            filesRead: context.files.filter { $0.kind == .markdown }.count,
            filesCopied: context.files.filter { $0.kind == .asset }.count,
            pastedText: context.parsed.filter(\.isPastedText).count,
            title: context.variants.first?.title ?? context.siteConfig.title,
            language: context.siteConfig.language,
            basePath: context.variants.first?.basePath ?? context.siteConfig.basePath,
            content: context.layout.content
        )
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
