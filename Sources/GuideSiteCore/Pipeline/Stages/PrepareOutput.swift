import Foundation

/// Opens where the site being built goes: a staging folder beside its output, a folder inside
/// the full site's (a subset of `--all-subsets`), or memory. Under a basis, the files of the last
/// build are where the first site starts (in memory, on disk the spare site or the live output,
/// `PatchOutput`), and the other sites of the run write into them.
/// Reads: `variant`, `Basis`. Makes: `output`, `writers` (`CommittedOutput`s).
enum PrepareOutput: BuildStage {
    static let name = "prepare output"

    static func run(_ context: inout BuildContext) {
        if let basis = context.basis {
            // The first site takes the last build's files; the others (languages) write into them.
            if context.siteCount == 0 {
                startFromLastBuild(basis, context: &context)
            } else {
                context.output = context.memoryOutput ?? context.writers.first
            }
            if let base = context.output, !context.variant.prefix.isEmpty {
                context.output = PrefixedOutput(base: base, prefix: context.variant.prefix)
            }
            return
        }
        guard context.output == nil else { return }
        let variant = context.variant
        if let memory = context.memoryOutput {
            context.output = memory
        } else if variant.insideFullSite != nil, let full = context.writers.first {
            context.output = full
        } else {
            openWriter(for: variant, context: &context)
        }
        if variant.folder.isEmpty, variant.insideFullSite == nil { return }
        if let base = context.output {
            if !variant.folder.isEmpty { writeLanguageRedirect(to: variant, in: base, context: &context) }
            context.output = PrefixedOutput(base: base, prefix: variant.prefix)
        }
    }

    /// With every language in its folder, the top of the site sends readers to the default one.
    private static func writeLanguageRedirect(to variant: Variant, in output: any SiteOutput, context: inout BuildContext) {
        let page = LanguageRedirect.html(to: variant.folder, languages: context.siteConfig.languages, title: variant.title)
        do {
            try output.write(Data(page.utf8), to: (variant.insideFullSite ?? "") + "index.html")
        } catch {
            context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(variant.output), category: "io",
                                                  "could not write the page that leads to the default language: \(error.localizedDescription)"))
        }
    }

    private static func openWriter(for variant: Variant, context: inout BuildContext) {
        var layout = context.layout
        layout.output = variant.output
        // The last build no longer describes a folder this build replaces.
        context.store.forget(output: variant.output, context: context)
        switch SiteWriter.prepare(layout: layout, force: context.request.force, preserving: PlanSites.keptFolders(variant, request: context.request),
                                  markParent: variant.subset != nil && context.request.output == nil ? context.layout.output : nil) {
        case .success(var writer):
            writer.listsFiles = context.inputs != nil && context.store.keepsLastBuild(of: context.plan) && variant.subset == nil
            context.writers.append(writer)
            context.output = writer
        case .failure(let problem):
            context.diagnostics.append(problem)
            context.usageError = true
        }
    }

    private static func startFromLastBuild(_ basis: Basis, context: inout BuildContext) {
        do {
            try context.store.openOutput(from: basis, context: &context)
        } catch let declined as Basis.Declined {
            context.declined = declined.reason
        } catch {
            context.declined = error.localizedDescription
        }
    }
}
