/// Gathers each page's references to success criteria from its front matter (`wcag:`), from the
/// criteria its body mentions, and from its links to W3C pages (a technique's page names the
/// criteria it serves); warns about numbers that are not WCAG 2.2 criteria and about the obsolete
/// 4.1.1.
public struct CriteriaCollector: Sendable {
    /// Creates a collector.
    public init() {}

    /// The annotator that links criteria mentioned in body text to their pages under `basePath`,
    /// and technique ids (`H44`) to W3C's Techniques. Unknown numbers come back with an empty URL
    /// and a `?` key, to be reported, not linked.
    public static func annotator(basePath: String) -> TextAnnotator {
        TextAnnotator(mayMatch: { CriteriaDetector.mayHoldNumber($0) || Techniques.mayHoldID($0) }) { text, atBlockStart in
            let criteria = CriteriaDetector.mentions(in: text, atBlockStart: atBlockStart).map { mention in
                mention.criterion == nil
                    ? TextAnnotation(range: mention.range, url: "", key: "?" + mention.number)
                    : TextAnnotation(range: mention.range, url: basePath + "wcag/\(mention.number)/", key: mention.number)
            }
            // Most text that names a criterion names no technique: its bytes say so first.
            var bytes = text
            guard bytes.withUTF8(Techniques.mayHoldID) else { return criteria }
            let techniques = Techniques.mentions(in: text).map { TextAnnotation(range: $0.range, url: $0.url, key: techniqueKey + $0.id) }
            return techniques.isEmpty ? criteria : (criteria + techniques).sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// How an annotation of a technique id is told from a criterion's.
    static let techniqueKey = "technique "

    /// The page's references in WCAG order, and what is wrong with them.
    public func references(of page: Page) -> Diagnosed<[CriterionReference]> {
        var found: [String: CriterionReference] = [:]
        var diagnostics: [Diagnostic] = []
        let wcagEntry = page.frontMatter.entries["wcag"]
        for written in page.frontMatter.wcag {
            // The key it was written under: `wcag:`, or `sc:`, `wcag_criteria:` and the like.
            let line = wcagEntry?.line ?? page.frontMatter.entries.first { $0.value.mentions(written) }?.line ?? 1
            guard let number = CriteriaDetector.number(inReference: written) else {
                diagnostics.append(Diagnostic(.warning, page.sourcePath, line: line, column: 1, category: "unknown-criterion",
                                              "`wcag` item \"\(written)\" names no WCAG 2.2 success criterion; write its number, such as `1.4.3`"))
                continue
            }
            guard let criterion = WCAG22.byNumber[number] else {
                diagnostics.append(unknown(number, page: page, line: line))
                continue
            }
            if criterion.obsolete { diagnostics.append(obsolete(criterion, page: page, line: line)) }
            found[number, default: CriterionReference(number: number, fromFrontMatter: false, fromBody: false)].fromFrontMatter = true
        }
        var warnedObsolete = Set(diagnostics.filter { $0.category == "obsolete-criterion" }.map(\.path))
        for use in page.body.annotations where !use.target.hasPrefix(Self.techniqueKey) {
            if use.target.hasPrefix("?") {
                diagnostics.append(unknown(String(use.target.dropFirst()), page: page, line: use.line))
                continue
            }
            note(use.target, line: use.line)
        }
        for link in page.body.links {
            for criterion in CriteriaDetector.criteria(inURL: link.target) { note(criterion.number, line: link.line) }
        }
        func note(_ number: String, line: Int) {
            guard let criterion = WCAG22.byNumber[number] else { return }
            if criterion.obsolete, warnedObsolete.insert(page.sourcePath).inserted {
                diagnostics.append(obsolete(criterion, page: page, line: line))
            }
            found[number, default: CriterionReference(number: number, fromFrontMatter: false, fromBody: false)].fromBody = true
        }
        // Every number found is a criterion; the table is in WCAG order (a test checks it).
        let ordered = found.values.sorted { (WCAG22.position[$0.number] ?? .max, $0.number) < (WCAG22.position[$1.number] ?? .max, $1.number) }
        return Diagnosed(ordered, diagnostics)
    }

    private func unknown(_ number: String, page: Page, line: Int) -> Diagnostic {
        let hint = Suggestion.closest(to: number, in: WCAG22.all.map(\.number)).map { "; did you mean \($0)?" } ?? ""
        return Diagnostic(.warning, page.sourcePath, line: line, column: 1, category: "unknown-criterion",
                          "\(number) is not a WCAG 2.2 success criterion\(hint)")
    }

    private func obsolete(_ criterion: SuccessCriterion, page: Page, line: Int) -> Diagnostic {
        Diagnostic(.warning, page.sourcePath, line: line, column: 1, category: "obsolete-criterion",
                   "\(criterion.label) is obsolete and removed in WCAG 2.2; its page says so, but consider 4.1.2 Name, Role, Value instead")
    }
}
