import Foundation

/// The last build of each site of a run (the full site in each language), held in memory
/// between rebuilds (the preview server keeps one), so the engine patches an edit inside
/// entries' bodies into every one of them. Rebuilds using one run one at a time.
public final class BuildMemory: @unchecked Sendable {
    /// One per site, in the order the run planned them.
    var sites: [LastBuild] = []
    /// What its builds derived, for the builds that do not start from the last one.
    let memoized = BuildMemo()

    /// Nothing built yet.
    public init() {}
}
