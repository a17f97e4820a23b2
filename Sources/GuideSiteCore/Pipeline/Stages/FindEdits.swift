import Foundation

/// The incremental engine's question: can the last build (`LastBuild`, held in memory by
/// `serve`, kept in `.guidesite-cache/` by `build`) stand for everything but a few edited
/// Markdown files? When it can, the stages after this one do only those files' work: parse and
/// render them, put their pages into the last site, check their links, render their pages
/// and replace their search entries, and write only those files. A stage that finds an edit
/// reaching further (a title, front matter, criteria, an error) declines, and the run starts
/// again building everything. The output equals a full build's (tests compare them byte for
/// byte).
/// Every site of the run (each language of the preview) starts from its own last build, the
/// same files edited in all.
/// Reads: `Walk`, `inputs`, `last`, `SitePlan`. Makes: `Basis` (`basis`, one per site in
/// `bases`), the last build's diagnostics for what it stands for.
enum FindEdits: BuildStage {
    static let name = "find the edits"

    static func run(_ context: inout BuildContext) {
        // Without a basis, each body whose inputs are the same is taken from those made before.
        context.bodies = context.store.bodies(for: context)
        guard !context.request.fresh, let variant = context.plan.variants.first, context.store.keepsLastBuild(of: context.plan) else { return }
        context.variant = variant
        if !context.buildsEverything { findBases(&context) }
        // Every page is rendered then, but those whose render key did not move since the live
        // output was written, whose files are taken from it (after a decline, `SiteBuilder`
        // hands over the states the patch read).
        if context.bases.isEmpty, context.lastOutputs.isEmpty { context.lastOutputs = context.store.lastOutputs(context) }
    }

    private static func findBases(_ context: inout BuildContext) {
        do {
            let bases = try context.store.bases(for: context)
            let basis = bases[0]
            context.bases = bases
            context.basis = basis
            // What the last build reported stands for every file not edited and for the checks
            // of the whole site (walk, site.yml, theme, layouts, addresses).
            let edited = Set(basis.edited)
            context.diagnostics += basis.last.otherDiagnostics
            for (file, list) in basis.last.fileDiagnostics.enumerated() where !edited.contains(file) { context.diagnostics += list }
        } catch let declined as Basis.Declined {
            context.notes.append("patch: not patched: " + declined.reason)
        } catch {
            context.notes.append("patch: not patched: \(error.localizedDescription)")
        }
    }
}
