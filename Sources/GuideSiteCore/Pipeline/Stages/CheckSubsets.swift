import Foundation

/// Unknown sections, categories or platforms in a subset are errors naming the closest one.
/// `adHoc`: the subset was given on the command line.
enum CheckSubsets {
    static let name = "check subsets"

    /// With the `last` build, nothing unless files came or went or an edited page's categories
    /// moved (a category a subset names may have gone): the last build was checked against the
    /// same site.yml and files, and the last site's pages stand for those not read again.
    static func run(_ subsets: [Subset], adHoc: Bool, walk: Walk, pages read: [Page], settings config: SiteConfig, last: Basis?) -> [Diagnostic] {
        guard !subsets.isEmpty, last.map({ $0.filesMoved || categoriesMoved(read, $0) }) ?? true else { return [] }
        var pages = read
        if let last {
            let paths = Set(read.map(\.contentPath)), gone = Set(last.removed)
            pages += last.last.site.pages.indices.filter { !gone.contains($0) }.map { last.last.site.pages[$0] }
                .filter { !$0.contentPath.isEmpty && !paths.contains($0.contentPath) }
        }
        var diagnostics: [Diagnostic] = []
        let sections = Set(walk.files.compactMap { file in
            file.relativePath.utf8.firstIndex(of: UInt8(ascii: "/")).map { String(file.relativePath[..<$0]) }
        })
        for subset in subsets {
            let path = subset.name == "custom" && adHoc ? "(command line)" : "site.yml"
            func check(_ names: [String], known: Set<String>, kind: String, normalize: (String) -> String = { $0 }) {
                for name in names where !known.contains(normalize(name)) {
                    let hint = Suggestion.closest(to: name, in: known).map { "; the closest is `\($0)`" } ?? ""
                    diagnostics.append(Diagnostic(.error, path, line: path == "site.yml" ? subset.line : 0, column: 1, category: "subset",
                                                          "subset `\(subset.name)` names the \(kind) `\(name)`, which the site does not have\(hint)"))
                }
            }
            check(subset.sections, known: sections, kind: "section")
            check(subset.platforms, known: Set(config.platforms.map { $0.lowercased() }), kind: "platform", normalize: { $0.lowercased() })
            var categories = Set(config.categories.map(\.slug))
            categories.formUnion(pages.flatMap { $0.frontMatter.categories.map(Slug.make) })
            check(subset.categories, known: categories, kind: "category", normalize: Slug.make)
        }
        return diagnostics
    }

    /// Whether an edited page's categories are not those of its page in the last site.
    private static func categoriesMoved(_ read: [Page], _ basis: Basis) -> Bool {
        read.contains { page in
            guard let position = basis.pageOfEdited[page.contentPath], position >= 0 else { return true }
            return basis.last.site.pages[position].frontMatter.categories != page.frontMatter.categories
        }
    }
}
