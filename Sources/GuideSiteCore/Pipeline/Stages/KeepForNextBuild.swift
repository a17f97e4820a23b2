import Foundation

/// Leaves the next run what this one built: each site's last build in the store (memory for
/// `serve`, `.guidesite-cache/` for `build`) and the record of the inputs, or nothing after a
/// failed build.
/// Reads: everything the engine keeps (`BuiltSite`, `recording`, `inputs`). Writes: the store.
enum KeepForNextBuild: BuildStage {
    static let name = "keep the build record and the last build"

    static func run(_ context: inout BuildContext) {
        context.store.keep(&context, succeeded: !context.hasErrors && !context.usageError)
    }
}
