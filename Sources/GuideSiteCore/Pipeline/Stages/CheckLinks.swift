import Foundation

/// Every internal link and anchor of every page, on every core.
/// Reads: `site`. Writes: diagnostics, `recording.linkDiagnostics`.
enum CheckLinks: BuildStage {
    static let name = "check links"

    static func run(_ context: inout BuildContext) {
        guard let site = context.site else { return }
        let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)))
        let found = Array(site.pages.indices).concurrentMap { checker.check($0) }
        context.recording.linkDiagnostics = found
        context.diagnostics += found.flatMap { $0 }.map { problem in
            var problem = problem
            if context.request.check { problem.severity = .error }
            return problem
        }
    }
}
