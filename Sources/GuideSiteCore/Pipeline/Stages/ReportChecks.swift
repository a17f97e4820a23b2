import Foundation

/// What `check` reports beyond a build: the content checks every build makes and sets aside
/// (`Lint`), and the link problems as errors. `check` runs it; a build records the same for a
/// later check (`BuildRecord.checkDiagnostics`).
/// Reads: `diagnostics`, `recording.checkOnly`, `recording.linkProblems`. Makes: diagnostics.
enum ReportChecks: BuildStage {
    static let name = "report the content checks"

    static func run(_ context: inout BuildContext) {
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
