import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Scaffolder")
struct ScaffolderTests {
    @Test("a new entry gets its title quoted, a slug for a name and the categories given; it never overwrites, and odd sections are refused")
    func newEntry() throws {
        let site = try TestSite(["site.yml": "title: Guide\n"])
        defer { site.remove() }
        let file = try Scaffolder().newEntry(title: "  Wheel \"Picker\"  ", section: "native/", categories: ["input", "pickers"], root: site.root)
        #expect(file.path.hasSuffix("Content/native/wheel-picker.md"))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("title: \"Wheel \\\"Picker\\\"\""), "\(text)")
        #expect(text.contains("input, pickers"))
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().newEntry(title: "Wheel \"Picker\"", section: "native", categories: [], root: site.root) }
        for section in ["", "../up", ".hidden", "a/b"] {
            #expect(throws: Scaffolder.Failure.self, "section \(section)") {
                try Scaffolder().newEntry(title: "Tabs", section: section, categories: [], root: site.root)
            }
        }
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().newEntry(title: "   ", section: "native", categories: [], root: site.root) }
    }

    @Test("a new site builds without a problem, and a folder that is not empty is refused")
    func initSite() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try Scaffolder().initSite(at: folder, title: "Our guide")
        #expect(written.contains { $0.lastPathComponent == "site.yml" })
        let result = SiteBuilder().build(BuildRequest(root: folder))
        #expect(result.outcome == .success && result.errorCount == 0 && result.warningCount == 0, "\(result.diagnostics)")
        #expect(result.title == "Our guide")
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().initSite(at: folder, title: "Again") }
    }
}
