import Foundation

/// Puts every site of the run in place together when no error was found, or none of them: a
/// failed build leaves the last output as it was. Returns the run's problems, each once, with
/// the one that stopped a site being put in place.
enum Commit {
    static let name = "commit"

    static func run(_ writers: [any CommittedOutput], diagnostics: [Diagnostic], usageError: Bool, layout: SiteLayout) -> [Diagnostic] {
        var diagnostics = Array(Set(diagnostics))
        guard !diagnostics.contains(where: { $0.severity == .error }), !usageError else {
            writers.forEach { $0.discard() }
            return diagnostics
        }
        for (position, writer) in writers.enumerated() {
            do {
                try writer.commit()
            } catch {
                writers[(position + 1)...].forEach { $0.discard() }
                diagnostics.append(Diagnostic(.error, layout.displayPath(writer.output), category: "io",
                                              "could not put the new site in place: \(error.localizedDescription)"))
                break
            }
        }
        return diagnostics
    }
}
