import Foundation

/// Opens where the site being built goes: a staging folder beside its output, a folder inside
/// the full site's (a subset of `--all-subsets`), or memory. Under a basis, the files of the last
/// build are where it starts: in memory, on disk the spare site or the live output
/// (`PatchOutput`).
/// Reads: `variant`, `basis`. Writes: `output`, `writers`.
enum PrepareOutput: BuildStage {
    static let name = "prepare output"

    static func run(_ context: inout BuildContext) {
        if let basis = context.basis {
            startFromLastBuild(basis, context: &context)
            return
        }
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

    private static func startFromLastBuild(_ basis: Basis, context: inout BuildContext) {
        if let memory = context.memoryOutput as? MemoryOutput, let kept = basis.last.memory {
            memory.adopt(kept.output)
            return
        }
        guard let location = basis.location else { return }
        // The state goes before any file changes: a build killed from here on leaves none, and
        // the next build is a full one.
        LastBuild.remove(at: location)
        do {
            let output = try PatchOutput.open(basis, context: context)
            context.writers.append(output)
            context.output = output
        } catch let declined as Basis.Declined {
            context.declined = declined.reason
        } catch {
            context.declined = error.localizedDescription
        }
    }
}
