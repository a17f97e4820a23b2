import Foundation

/// Opens where the site being built goes: a staging folder beside its output, a folder inside
/// the full site's (a subset of `--all-subsets`), or memory.
/// Reads: `variant`. Writes: `output`, `writers`.
enum PrepareOutput: BuildStage {
    static let name = "prepare output"

    static func run(_ context: inout BuildContext) {
        guard context.output == nil else { return }
        let variant = context.variant
        if let inside = variant.insideFullSite, let full = context.writers.first {
            context.output = PrefixedOutput(base: full, prefix: inside)
            return
        }
        var layout = context.layout
        layout.output = variant.output
        // The state of the last build no longer describes a folder this build replaces.
        if context.memoryOutput == nil {
            LastBuild.remove(at: LastBuild.location(root: context.layout.root, output: variant.output))
        }
        switch SiteWriter.prepare(layout: layout, force: context.request.force, preserving: PlanSites.keptFolders(variant, request: context.request),
                                  markParent: variant.subset != nil && context.request.output == nil ? context.layout.output : nil) {
        case .success(var writer):
            writer.listsFiles = context.inputs != nil && context.variants.count == 1 && variant.subset == nil
            context.writers.append(writer)
            context.output = writer
        case .failure(let problem):
            context.diagnostics.append(problem)
            context.usageError = true
        }
    }
}
