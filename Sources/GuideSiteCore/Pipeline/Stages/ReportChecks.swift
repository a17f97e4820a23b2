import Foundation

/// What `check` reports beyond a build: the link problems as errors (every other problem is
/// the build's). `check` runs it; a build records the same for a later check
/// (`BuildRecord.checkDiagnostics`).
enum ReportChecks {
    static let name = "report the content checks"

    static func run(_ diagnostics: [Diagnostic], linkProblems links: Set<Diagnostic>) -> [Diagnostic] {
        diagnostics.map { problem in
            guard links.contains(problem) else { return problem }
            var error = problem
            error.severity = .error
            return error
        }
    }
}
