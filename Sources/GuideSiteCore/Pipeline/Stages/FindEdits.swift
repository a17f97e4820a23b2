import Foundation

/// The incremental engine's question: can the last build (`LastBuild`, held in memory by
/// `serve`, kept in `.guidesite-cache/` by `build`) stand for everything but a few edited
/// Markdown files? When it can, the stages after this one do only those files' work: parse and
/// render them, put their pages into the last site, check their links, render their pages
/// and replace their search entries, and write only those files (an edit beyond a body links
/// the last site anew; files and pages that come or go are placed in it). A stage that finds an
/// edit reaching further (a section's own file, an error) declines, and the run starts again
/// building everything. The output equals a full build's (tests compare them byte for
/// byte).
/// Every site of the run (each language of the preview) starts from its own last build, the
/// same files edited in all.
/// Reads the run so far (`BuildContext`: the walk, `inputs`, the last sites in memory, the plan).
/// Makes `Found`.
enum FindEdits {
    static let name = "find the edits"

    /// The bodies rendered before (`BodyMemo`), each site's basis in plan order (none when the
    /// last build cannot stand for this one), and without a basis, each site's last build whose
    /// output is live.
    struct Found {
        var bodies: BodyMemo?
        var bases: [Basis] = []
        var lastOutputs: [String: LastBuild.Kept] = [:]
    }

    static func run(_ run: BuildContext, log: inout StageLog) -> Found {
        // Without a basis, each body whose inputs are the same is taken from those made before.
        var found = Found(bodies: run.store.bodies(for: run))
        guard !run.request.fresh, !run.plan.variants.isEmpty, run.store.keepsLastBuild(of: run.plan) else { return found }
        findBases(run, &found, log: &log)
        // Every page is rendered then, but those whose render key did not move since the live
        // output was written, whose files are taken from it.
        if found.bases.isEmpty { found.lastOutputs = run.store.lastOutputs(run) }
        return found
    }

    private static func findBases(_ run: BuildContext, _ found: inout Found, log: inout StageLog) {
        do {
            found.bases = try run.store.bases(for: run)
        } catch let declined as Basis.Declined {
            log.notes.append("patch: not patched: " + declined.reason)
        } catch {
            log.notes.append("patch: not patched: \(error.localizedDescription)")
        }
    }
}
