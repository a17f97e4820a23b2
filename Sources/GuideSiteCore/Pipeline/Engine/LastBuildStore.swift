import Foundation

/// Where the engine keeps the last build between runs: in memory for the preview server
/// (`BuildMemory`) or in `.guidesite-cache/` for `guidesite build` (`StateFolder`). The stages
/// ask the store, never which of the two it is.
protocol LastBuildStore {
    /// Before anything is read: on disk, the record that says nothing changed.
    func compare(_ context: BuildContext) -> CompareWithLastBuild.Compared
    /// Whether the sites of `plan` can start from their last builds.
    func keepsLastBuild(of plan: SitePlan) -> Bool
    /// Each site's last build and the edits since, in plan order; throws why they cannot stand
    /// for this run.
    func bases(for context: BuildContext) throws -> [Basis]
    /// Opens the output of a build under `basis`, starting from the last build's files, and the
    /// writer the run commits (on disk).
    func openOutput(from basis: Basis, variant: Variant, memory: MemoryOutput?, layout: SiteLayout,
                    request: BuildRequest) throws -> (output: any SiteOutput, writer: (any CommittedOutput)?)
    /// Before the output at `output` is replaced: what described it no longer does.
    func forget(output: URL, root: URL)
    /// Whether the pages are encoded while the output is written, for `keep`.
    func encodesPages(_ context: BuildContext) -> Bool
    /// Whether the last build holds every page whole and what each shows (`RenderPlan`), so an
    /// edit beyond a body (a title, categories) links the site anew and renders only the pages
    /// whose output it changed.
    var holdsWholeSite: Bool { get }
    /// Whether the run writes a site: `check` writes none, so it renders no page and makes no
    /// export, and reports what rendering would (`RenderTemplates.problems`).
    var writesOutput: Bool { get }
    /// What earlier builds of this process derived, with what each value read (`BuildMemo`);
    /// nil for a store that keeps none.
    var memo: BuildMemo? { get }
    /// The bodies rendered before, by what each read (`BodyMemo`), for a build that does not
    /// start from the last one; this run's are kept by `keep`.
    func bodies(for context: BuildContext) -> BodyMemo?
    /// For a build that does not start from the last one: each site's last build whose output
    /// is live, to take its pages' files whose render key did not move (`RenderTemplates`).
    func lastOutputs(_ context: BuildContext) -> [String: LastBuild.Kept]
    /// After a patch declined: the last builds it started from, which stand for the live output
    /// it left as it was (on disk their files are gone by then).
    func lastOutputs(declined bases: [Basis]) -> [String: LastBuild.Kept]
    /// After the build: keeps what it leaves for the next one, or nothing after a failure.
    func keep(_ context: BuildContext, succeeded: Bool)
}

extension BuildMemory: LastBuildStore {
    func compare(_ context: BuildContext) -> CompareWithLastBuild.Compared {
        .init(lastLanguages: context.last?.site.languages?.all.map(\.code) ?? [])
    }

    func keepsLastBuild(of plan: SitePlan) -> Bool { !plan.variants.isEmpty }

    func bases(for context: BuildContext) throws -> [Basis] {
        try Basis.inMemory(sites: context)
    }

    func openOutput(from basis: Basis, variant: Variant, memory: MemoryOutput?, layout: SiteLayout,
                    request: BuildRequest) throws -> (output: any SiteOutput, writer: (any CommittedOutput)?) {
        guard let memory, let kept = basis.last.memory else { throw Basis.Declined("no last build in memory") }
        memory.adopt(kept.output)
        return (memory, nil)
    }

    func forget(output: URL, root: URL) {}

    func encodesPages(_ context: BuildContext) -> Bool { false }

    var holdsWholeSite: Bool { true }

    var writesOutput: Bool { true }

    /// (The engine's queries hold the bodies: `PageBody`.)
    func bodies(for context: BuildContext) -> BodyMemo? { nil }

    /// (The memo's written pages stand for them.)
    func lastOutputs(_ context: BuildContext) -> [String: LastBuild.Kept] { [:] }

    func lastOutputs(declined bases: [Basis]) -> [String: LastBuild.Kept] { [:] }

    func keep(_ context: BuildContext, succeeded: Bool) {
        // After a failure the last good build stays, so the edit that mends it is patched too,
        // the files the failed builds were told of named again with the next one's.
        sites = succeeded ? KeepLastBuild.inMemory(context) : context.lastSites
        unbuilt = succeeded ? [] : context.request.knownChanges
        // The pages written stay what they are after a failure: the next build compares with them.
        if succeeded, let output = context.memoryOutput { memoized.keep(context.builtSites, files: output.files) }
    }

    var memo: BuildMemo? { memoized }
}

/// The last build of each output folder in `.guidesite-cache/`: the record of its inputs
/// (`BuildRecord`) and, for the full site, its state (`LastBuild+Storage`).
struct StateFolder: LastBuildStore {
    func compare(_ context: BuildContext) -> CompareWithLastBuild.Compared {
        CompareWithLastBuild.compare(context)
    }

    /// A run of the full site keeps a state of each of its sites (subsets, languages), all
    /// written inside its output.
    func keepsLastBuild(of plan: SitePlan) -> Bool {
        plan.variants.first?.subset == nil && plan.variants.dropFirst().allSatisfy { $0.insideFullSite != nil }
    }

    func bases(for context: BuildContext) throws -> [Basis] {
        try Basis.onDisk(sites: context)
    }

    func openOutput(from basis: Basis, variant: Variant, memory: MemoryOutput?, layout: SiteLayout,
                    request: BuildRequest) throws -> (output: any SiteOutput, writer: (any CommittedOutput)?) {
        // The state goes before any file changes: a build killed from here on leaves none, and
        // the next build is a full one.
        if let location = basis.location { LastBuild.remove(at: location) }
        let output = try PatchOutput.open(basis, variant: variant, layout: layout, request: request)
        return (output, output)
    }

    func forget(output: URL, root: URL) {
        let location = LastBuild.location(root: root, output: output)
        LastBuild.remove(at: location)
        LastBuild.removeSites(besides: location)
    }

    func encodesPages(_ context: BuildContext) -> Bool {
        context.inputs != nil && keepsLastBuild(of: context.plan)
    }

    var holdsWholeSite: Bool { false }

    var writesOutput: Bool { true }

    var memo: BuildMemo? { nil }

    func bodies(for context: BuildContext) -> BodyMemo? {
        guard let output = context.plan.variants.first?.output else { return nil }
        return BodyMemo(location: BodyMemo.location(root: context.layout.root, output: output), takes: !context.request.fresh)
    }

    func lastOutputs(_ context: BuildContext) -> [String: LastBuild.Kept] {
        LastBuild.lastOutputs(context)
    }

    func lastOutputs(declined bases: [Basis]) -> [String: LastBuild.Kept] {
        Dictionary(bases.map { ($0.last.variantKey, LastBuild.Kept($0.last)) }, uniquingKeysWith: { first, _ in first })
    }

    func keep(_ context: BuildContext, succeeded: Bool) {
        // Each body stands for its inputs whatever became of the build: kept after any run that
        // rendered them (a patch's few are rendered again by the next full build), put in place
        // on another core while the record and the states are written.
        let putting = DispatchGroup()
        if let bodies = context.bodies { DispatchQueue.global().async(group: putting) { bodies.endRun() } }
        CompareWithLastBuild.keepRecord(context, succeeded: succeeded)
        putting.wait()
    }
}

/// `guidesite check`: the record of a build of the same inputs, when it holds what a check
/// reports, stands for the check (nothing is read, rendered or written); a check keeps nothing.
struct CheckRecord: LastBuildStore {
    func compare(_ context: BuildContext) -> CompareWithLastBuild.Compared {
        guard let primary = context.plan.variants.first?.output, let key = context.recordKey,
              var record = BuildRecord.read(from: BuildRecord.location(root: context.layout.root, output: primary)),
              record.key == key, let checked = record.checkDiagnostics else { return .init() }
        record.diagnostics = checked
        return .init(upToDate: record)
    }

    func keepsLastBuild(of plan: SitePlan) -> Bool { false }

    func bases(for context: BuildContext) throws -> [Basis] {
        throw Basis.Declined("a check starts from no last build")
    }

    func openOutput(from basis: Basis, variant: Variant, memory: MemoryOutput?, layout: SiteLayout,
                    request: BuildRequest) throws -> (output: any SiteOutput, writer: (any CommittedOutput)?) {
        throw Basis.Declined("a check starts from no last build")
    }

    func forget(output: URL, root: URL) {}

    func encodesPages(_ context: BuildContext) -> Bool { false }

    var holdsWholeSite: Bool { false }

    var writesOutput: Bool { false }

    var memo: BuildMemo? { nil }

    /// Those the last full build of the same output kept, taken but never written.
    func bodies(for context: BuildContext) -> BodyMemo? {
        guard let output = context.plan.variants.first?.output else { return nil }
        return BodyMemo(location: BodyMemo.location(root: context.layout.root, output: output), writes: false)
    }

    func lastOutputs(_ context: BuildContext) -> [String: LastBuild.Kept] { [:] }

    func lastOutputs(declined bases: [Basis]) -> [String: LastBuild.Kept] { [:] }

    func keep(_ context: BuildContext, succeeded: Bool) {}
}
