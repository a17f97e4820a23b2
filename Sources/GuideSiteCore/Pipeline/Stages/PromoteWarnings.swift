import Foundation

/// `--strict`: every warning of the run is an error, so the build fails on it and writes nothing.
enum PromoteWarnings {
    static let name = "promote warnings (--strict)"

    static func run(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map {
            var promoted = $0
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }
}
