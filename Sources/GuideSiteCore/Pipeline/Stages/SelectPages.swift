import Foundation

/// The pages of the site being built: for a subset, its entries, the sections holding them, and
/// the pages outside sections. Every edited file the last build stands for had a page in it.
/// Reads: `parsed`, `variant`, `Basis`. Makes: `pages`.
enum SelectPages: BuildStage {
    static let name = "select pages"

    static func run(_ context: inout BuildContext) {
        guard let subset = context.variant.subset, context.basis == nil else {
            context.pages = context.parsed
            return
        }
        let entries = context.parsed.filter { $0.kind == .entry && subset.includes(entry: $0) }
        let sections = Set(entries.compactMap(\.section)).union(subset.sections)
        context.pages = context.parsed.filter { page in
            switch page.kind {
            case .entry: subset.includes(entry: page)
            case .section: sections.contains(page.section ?? "")
            default: true
            }
        }
    }
}
