import Foundation

/// `--strict`: every warning of the run is an error, so the build fails on it and writes nothing.
/// Reads: `diagnostics`. Makes: `diagnostics`.
enum PromoteWarnings: BuildStage {
    static let name = "promote warnings (--strict)"

    static func run(_ context: inout BuildContext) {
        context.diagnostics = context.diagnostics.map {
            var promoted = $0
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }
}
