import Foundation

/// The last build of a site, held in memory between rebuilds (the preview server keeps one), so
/// the engine patches an edit inside entries' bodies into it. Rebuilds using one run one at a
/// time.
public final class BuildMemory: @unchecked Sendable {
    var last: LastBuild?

    /// Nothing built yet.
    public init() {}
}
