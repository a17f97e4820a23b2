import Foundation

/// What `check` reports beyond a build: the content checks every build makes and sets aside
/// (`Lint`: `checkOnly`), and the link problems as errors. `check` runs it; a build records the
/// same for a later check (`BuildRecord.checkDiagnostics`).
enum ReportChecks {
    static let name = "report the content checks"

    static func run(_ diagnostics: [Diagnostic], checkOnly: [Diagnostic], linkProblems links: Set<Diagnostic>) -> [Diagnostic] {
        let reported = diagnostics.map { problem in
            guard links.contains(problem) else { return problem }
            var error = problem
            error.severity = .error
            return error
        }
        return Array(Set(reported + checkOnly))
    }
}
