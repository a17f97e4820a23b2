import Foundation

/// Skips the rest of the build when the record of the last build shows the same inputs and its
/// output folder still in place (`BuildRecord`, kept on disk; the preview has none), and keeps
/// the record after a build.
/// Reads the run so far (`BuildContext`: the walk, the plan, the settings). Makes `Compared`.
enum CompareWithLastBuild {
    static let name = "compare with the last build"

    /// The hashes of the run's inputs (nil when they cannot be trusted), the record of an
    /// identical build whose output is in place, and the files of the output the last state
    /// described (to know what the spare site lacks), and the codes of the last build's languages.
    struct Compared {
        var inputs: BuildRecord.Inputs?
        var upToDate: BuildRecord?
        var previousFiles: [String]?
        var lastLanguages: [String] = []
    }

    static func run(_ run: BuildContext) -> Compared {
        // Hashed before anything is read, for the record and the last build in either store: a
        // file saved during the build then shows as changed next time.
        var run = run
        run.inputs = BuildRecord.inputs(for: run)
        var compared = run.store.compare(run)
        compared.inputs = run.inputs
        return compared
    }

    /// On disk: skips the rest of the build when the record of the last build shows the same
    /// inputs and its output folder still in place.
    static func compare(_ context: BuildContext) -> Compared {
        var compared = Compared()
        guard let primary = context.plan.variants.first?.output else { return compared }
        // What the spare site holds, for the state this build leaves (see `KeepLastBuild.onDisk`).
        if context.inputs != nil, context.store.keepsLastBuild(of: context.plan) {
            compared.previousFiles = LastBuild.outputFiles(at: LastBuild.location(root: context.layout.root, output: primary),
                                                           outputInode: BuildRecord.inode(of: primary))
        }
        guard !context.request.fresh, let record = BuildRecord.read(from: BuildRecord.location(root: context.layout.root, output: primary)),
              record.outputInode == BuildRecord.inode(of: primary) else { return compared }
        compared.lastLanguages = record.languages
        guard let key = context.recordKey, record.key == key,
              context.plan.variants.allSatisfy({ $0.insideFullSite != nil || BuildRecord.inode(of: $0.output) != nil }) else { return compared }
        compared.upToDate = record
        return compared
    }

    /// Writes the record of a build that put its site in place, or removes it after a failed
    /// build (whose inputs no longer match the output left in place). Without a key (a file
    /// saved in the last two seconds) the record matches no build, but keeps the languages the
    /// next one plans its sites in.
    static func keepRecord(_ context: BuildContext, succeeded: Bool) {
        guard let primary = context.plan.variants.first?.output else { return }
        let location = BuildRecord.location(root: context.layout.root, output: primary)
        if succeeded { KeepLastBuild.onDisk(context) }
        guard succeeded, let inode = BuildRecord.inode(of: primary) else {
            try? FileManager.default.removeItem(at: location)
            return
        }
        BuildRecord(key: context.recordKey ?? "", outputInode: inode, context: context).write(to: location)
    }
}
