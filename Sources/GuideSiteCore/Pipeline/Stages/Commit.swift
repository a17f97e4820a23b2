import Foundation

/// Puts every site of the run in place together when no error was found, or none of them: a
/// failed build leaves the last output as it was.
/// Reads: `writers`, `exports`, `diagnostics`. Writes: the output folders. Makes: `diagnostics`.
enum Commit: BuildStage {
    static let name = "commit"

    static func run(_ context: inout BuildContext) {
        // Files still being written on another thread (a stage stopped the build before they
        // were waited for) are done before the staging folder is committed or discarded.
        _ = try? context.exports?.wait()
        context.diagnostics = Array(Set(context.diagnostics))
        guard !context.hasErrors, !context.usageError else {
            context.writers.forEach { $0.discard() }
            return
        }
        for (position, writer) in context.writers.enumerated() {
            do {
                try writer.commit()
            } catch {
                context.writers[(position + 1)...].forEach { $0.discard() }
                context.diagnostics.append(Diagnostic(.error, context.layout.displayPath(writer.output), category: "io",
                                                      "could not put the new site in place: \(error.localizedDescription)"))
                return
            }
        }
    }
}
