import Foundation

/// The last build of each site of a run (the full site in each language), held in memory
/// between rebuilds (the preview server keeps one), so the engine patches an edit inside
/// entries' bodies into every one of them. Rebuilds using one run one at a time.
public final class BuildMemory: @unchecked Sendable {
    /// One per site, in the order the run planned them: the last successful build's.
    var sites: [LastBuild] = []
    /// The files changed since `sites` were built, which the builds that failed since were
    /// told of (`BuildRequest.knownChanges`; nil: not known).
    var unbuilt: Set<String>? = []
    /// What its builds derived, for the builds that do not start from the last one.
    let memoized = BuildMemo()

    /// Nothing built yet.
    public init() {}
}
