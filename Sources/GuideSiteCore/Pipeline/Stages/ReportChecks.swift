import Foundation

/// What `check` reports beyond a build: the content checks every build makes and sets aside
/// (`Lint`), and the link problems as errors. `check` reports it; a build records it for a later
/// check (`BuildRecord.checkDiagnostics`).
/// Reads: `diagnostics`, `recording.checkOnly`, `recording.linkProblems`. Makes: diagnostics
/// (under `check`).
enum ReportChecks: BuildStage {
    static let name = "report the content checks"

    static func run(_ context: inout BuildContext) {
        guard context.request.check else { return }
        context.diagnostics = diagnostics(context)
    }

    /// The run's problems as `check` reports them.
    static func diagnostics(_ context: BuildContext) -> [Diagnostic] {
        let links = context.recording.linkProblems
        let reported = context.diagnostics.map { problem in
            guard links.contains(problem) else { return problem }
            var error = problem
            error.severity = .error
            return error
        }
        return Array(Set(reported + context.recording.checkOnly))
    }
}
