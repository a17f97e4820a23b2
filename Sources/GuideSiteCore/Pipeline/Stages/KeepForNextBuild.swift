import Foundation

/// Leaves the next run what this one built: each site's last build in the store (memory for
/// `serve`, `.guidesite-cache/` for `build`) and the record of the inputs, or nothing after a
/// failed build.
/// Reads the run (`BuildContext`: each `BuiltSite`, `recording`, `inputs`). Writes the store.
enum KeepForNextBuild {
    static let name = "keep the build record and the last build"

    static func run(_ run: BuildContext, succeeded: Bool) {
        run.store.keep(run, succeeded: succeeded)
    }
}
