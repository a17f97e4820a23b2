import Testing
@testable import GuideSiteCore

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("the one-line form is path:line:column: severity: [category] message; a file-wide problem has no position")
    func description() {
        #expect(Diagnostic(.error, "Content/a.md", line: 3, column: 7, category: "yaml", "bad").description
                == "Content/a.md:3:7: error: [yaml] bad")
        #expect(Diagnostic(.warning, "Content/a.md", line: 3, category: "x", "no column").description
                == "Content/a.md:3:1: warning: [x] no column")
        #expect(Diagnostic(.note, "site.yml", category: "x", "whole file").description == "site.yml: note: [x] whole file")
    }

    @Test("reports read top to bottom: by file, line, column, then message")
    func order() {
        let list = [
            Diagnostic(.warning, "b.md", line: 1, column: 1, category: "x", "later file"),
            Diagnostic(.error, "a.md", line: 9, column: 1, category: "x", "later line"),
            Diagnostic(.note, "a.md", line: 2, column: 5, category: "x", "later column"),
            Diagnostic(.warning, "a.md", line: 2, column: 1, category: "x", "b"),
            Diagnostic(.warning, "a.md", line: 2, column: 1, category: "x", "a"),
        ]
        #expect(Diagnostic.sortedForReport(list).map(\.message) == ["a", "b", "later column", "later line", "later file"])
        #expect(Diagnostic.Severity.note < .warning && Diagnostic.Severity.warning < .error)
    }

    @Test("a suggestion is the closest name within a typo's distance, ties to the first in sorted order, whatever the candidates' order")
    func suggestions() {
        #expect(Suggestion.closest(to: "entyr", in: ["entry", "page", "home"]) == "entry")
        #expect(Suggestion.closest(to: "ENTRY", in: ["entry"]) == "entry")
        #expect(Suggestion.closest(to: "xylophone", in: ["entry", "page"]) == nil)
        #expect(Suggestion.closest(to: "cat", in: ["bat", "car"]) == "bat")
        #expect(Suggestion.closest(to: "cat", in: ["car", "bat"]) == "bat")
        #expect(Suggestion.didYouMean("pgae", in: ["page"]) == " Did you mean `page`?")
        #expect(Suggestion.didYouMean("zzz", in: ["page"]).isEmpty)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}
