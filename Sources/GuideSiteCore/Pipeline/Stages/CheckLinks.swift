import Foundation

/// Every internal link and anchor of every page, on every core. Under a basis, the last build's
/// problems stand, with the edited pages' links checked again when they changed, or every
/// page's when heading ids came or went (other pages may link to them).
/// Reads: `Site`, `Basis`, `EditSummary`. Writes: diagnostics, `recording.linkDiagnostics`.
enum CheckLinks: BuildStage {
    static let name = "check links"

    static func run(_ context: inout BuildContext) {
        guard var site = context.site else { return }
        var found: [[Diagnostic]]
        // A site linked anew keeps every address (`Link`): what links find stays but for the
        // edited pages and heading ids.
        if let basis = context.basis, !context.edits.idsChanged {
            found = basis.last.linkDiagnostics
            if !context.edits.linksChanged.isEmpty {
                let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
                for position in context.edits.linksChanged { found[position] = checker.check(position) }
            }
        } else {
            if let basis = context.basis {
                // Read on disk without their links until now.
                let edited = Set(context.edits.positions)
                for index in site.pages.indices where !edited.contains(index) {
                    guard let whole = basis.last.wholePage(index) else {
                        context.declined = "the state's pages cannot be read"
                        return
                    }
                    site.pages[index] = whole
                }
                context.site = site
            }
            let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)), layoutIDs: LayoutIDs.reserved)
            found = Array(site.pages.indices).concurrentMap { checker.check($0) }
        }
        context.recording.linkDiagnostics = found
        for list in found { context.recording.linkProblems.formUnion(list) }
        // (`check` reports them as errors: `ReportChecks`.)
        context.diagnostics += found.flatMap { $0 }
    }
}
