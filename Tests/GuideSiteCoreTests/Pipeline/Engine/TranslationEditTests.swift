import Foundation
import Testing
@testable import GuideSiteCore

/// Edits of a translated entry or of its translation on disk: the files of the translation are
/// read together, its status moves on its page and in the translations tables, and every site
/// of the run is patched, equal to a fresh build, problems included.
@Suite("Edits of translated entries, on disk")
struct TranslationEditTests {
    /// Builds from the last build, then afresh into another folder; the difference, if any.
    func patchedAgainstFresh(_ site: TestSite, step: Int) -> (patched: BuildResult, differences: [String]) {
        let result = SitesOnDiskTests.build(site)
        let folder = "Output-fresh-\(step)"
        let reference = SitesOnDiskTests.build(site, into: folder)
        defer { try? FileManager.default.removeItem(at: site.root.appending(path: folder)) }
        var differences = BuildIncrementallyTests.differences((try? site.snapshot()) ?? [:], (try? site.snapshot(of: folder)) ?? [:])
        if result.configuration != reference.configuration { differences.append("configuration: \(result.configuration) against \(reference.configuration)") }
        if result.diagnostics != reference.diagnostics {
            differences.append("problems: only ours \(Set(result.diagnostics).subtracting(reference.diagnostics)), only theirs \(Set(reference.diagnostics).subtracting(result.diagnostics))")
        }
        return (result, differences)
    }

    /// The site in English, French and Arabic, built once (its states kept for the patches).
    func built() throws -> TestSite {
        let site = try TestSite(LanguagesTests.files())
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        return site
    }

    @Test("a source edited makes its current translation out of date, and the translation updated makes it current again: each patches every language's site and equals a fresh build")
    func statusMoves() throws {
        let site = try built()
        defer { site.remove() }
        let french = "fr/native/wheel-picker/index.html", table = "fr/translations/index.html"
        let before = try site.html(french), tableBefore = try site.html(table)
        #expect(!before.contains("translation-notice"))

        let picker = LanguagesTests.picker.replacingOccurrences(of: "See [the button]", with: "Also see [the button]")
        try site.write(Data(picker.utf8), to: "Content/native/wheel-picker.md")
        try site.age(by: 1000, only: ["Content/native/wheel-picker.md"])
        let (edited, differences) = patchedAgainstFresh(site, step: 1)
        #expect(edited.pagesRendered != nil, "\(edited.timings.map(\.stage))")
        #expect(differences.isEmpty, "\(differences)")
        #expect(try site.html(french).contains("translation-notice"))
        #expect(try site.html(table) != tableBefore, "the table shows the status")
        #expect(edited.printed.contains("wheel-picker.fr.md:2:1: warning: [translation] translation of Content/native/wheel-picker.md is out of date"))

        // The translation brought up to date: its record names the source's new version.
        let version = String(ContentHash.hex(Data(picker.utf8)).prefix(12))
        let path = "Content/native/wheel-picker.fr.md"
        let translation = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
        try site.write(Data(translation.replacing(#/translation-of: \w+/#, with: "translation-of: \(version)").utf8), to: path)
        try site.age(by: 500, only: [path])
        let (updated, again) = patchedAgainstFresh(site, step: 2)
        #expect(updated.pagesRendered != nil, "\(updated.timings.map(\.stage))")
        #expect(again.isEmpty, "\(again)")
        #expect(try site.html(french) == before, "current again, as first built")
        #expect(try site.html(table) == tableBefore)
        #expect(!updated.printed.contains("wheel-picker.fr.md:2:1: warning"))
    }

    @Test("a key shared with `ref:` added to a translation and to its source patches every site; a key a page not edited names, or an entry that names another language, builds every site; each equals a fresh build")
    func placementMoves() throws {
        let site = try built()
        defer { site.remove() }
        // Each edit replaces the file's first line; whether it is patched (nil: either way).
        let (french, source, link) = ("Content/native/wheel-picker.fr.md", "Content/native/wheel-picker.md", "Content/web/link.md")
        let edits: [(path: String, start: String, patched: Bool?)] = [
            (french, "---\nref: picker\n", true), (source, "---\nref: picker\n", true),
            // The link names the picker's key: the French picker may be its translation.
            (link, "---\nref: picker\n", false), (link, "---\n", true),
            (source, "---\n", true), (french, "---\n", true),
            // An entry of the default language that names another leaves its site for that one's.
            (link, "---\nlang: fr\n", false), (link, "---\n", nil),
        ]
        var texts: [String: String] = [:]
        for (step, edit) in edits.enumerated() {
            if texts[edit.path] == nil { texts[edit.path] = try String(contentsOf: site.root.appending(path: edit.path), encoding: .utf8) }
            try site.write(Data(texts[edit.path]!.replacingOccurrences(of: "---\n", with: edit.start, options: [.anchored]).utf8), to: edit.path)
            try site.age(by: TimeInterval(900 - step), only: [edit.path])
            let (result, differences) = patchedAgainstFresh(site, step: step)
            #expect(differences.isEmpty, "step \(step): \(differences)")
            if let patched = edit.patched {
                #expect((result.pagesRendered != nil) == patched, "step \(step): \(result.timings.map(\.stage))")
            }
        }
    }

    @Test("in a Jekyll library whose pages name their languages (`lang:`, `ref:`, none in _config.yml), edits of sources and translations patch both sites; a language named anew or no more builds every site; each equals a fresh build")
    func languagesNamedByPages() throws {
        let site = try TestSite(FindLanguagesTests.jekyll)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        let edits: [(path: String, from: String, to: String, patched: Bool)] = [
            ("_components/button.md", "Press it.", "Press it firmly.", true),
            ("_components/bouton.md", "Appuyez.", "Appuyez fort.", true),
            ("_components/dialog.md", "A dialog.", "A modal dialog.", true),
            ("_components/menu.fr.md", "Un menu.", "Un menu déroulant.", true),
            ("a-propos.md", "lang: fr", "lang: de", false),
            ("a-propos.md", "lang: de", "lang: fr", false),
            ("_components/button.md", "Press it firmly.", "Press it.", true),
        ]
        for (step, edit) in edits.enumerated() {
            let text = try String(contentsOf: site.root.appending(path: edit.path), encoding: .utf8)
            #expect(text.contains(edit.from), "step \(step)")
            try site.write(Data(text.replacingOccurrences(of: edit.from, with: edit.to).utf8), to: edit.path)
            // The second edit just saved, as in an editor: its build keeps no record of its inputs.
            if step != 1 { try site.age(by: TimeInterval(900 - step), only: [edit.path]) }
            let (result, differences) = patchedAgainstFresh(site, step: step)
            #expect(differences.isEmpty, "step \(step): \(differences)")
            #expect((result.pagesRendered != nil) == edit.patched, "step \(step): \(result.timings.map(\.stage))")
            #expect(result.languages == (step == 4 ? 3 : 2), "step \(step)")
        }
        #expect(try site.html("fr/components/button/index.html").contains("Appuyez fort."))
    }
}
