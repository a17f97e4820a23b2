import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Editor litter")
struct EditorLitterTests {
    /// What editors, office suites and file managers leave beside `picker.md` while saving it.
    static let litter = [".picker.md.swp", ".picker.md.swo", "picker.md~", "#picker.md#", ".#picker.md", ".~lock.picker.md#",
                         "4913", "5036", ".DS_Store", "._picker.md", "picker.md___jb_tmp___", "picker.md___jb_old___",
                         ".goutputstream-X1Y2Z3", "picker.md.crswap", "Thumbs.db", "desktop.ini"]

    @Test("names editors leave are litter; names people give their files are not")
    func names() {
        for name in Self.litter { #expect(EditorLitter.isLitter(name), "\(name)") }
        for name in ["picker.md", "4914", "2024.md", "#hashtag.md", "notes.markdown", "tilde~name.md", "logo.svg", "1.4.3.md"] {
            #expect(!EditorLitter.isLitter(name), "\(name)")
        }
    }

    @Test("litter in the content, the theme, the includes and the data never becomes a page, a copied file or a problem")
    func build() throws {
        var files = ["site.yml": "title: Litter\n", "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
                     "Content/native/picker.md": "---\ntitle: Picker\n---\n## Role\n\nA wheel.\n"]
        for name in Self.litter {
            for folder in ["Content/native/", "Content/", "Templates/assets/", "Templates/partials/", "Content/_includes/", "Content/_data/"] {
                files[folder + name] = "---\ntitle: {{ broken\n---\n{% if %}\n"
            }
        }
        let site = try TestSite(files)
        defer { site.remove() }
        let clean = try TestSite(["site.yml": files["site.yml"]!, "Content/index.md": files["Content/index.md"]!,
                                  "Content/native/picker.md": files["Content/native/picker.md"]!])
        defer { clean.remove() }
        let result = site.build(strict: true, fresh: true)
        #expect(result.outcome == .success)
        #expect(result.diagnostics.isEmpty, "\(result.printed)")
        clean.build(strict: true, fresh: true)
        let built = try site.snapshot(), expected = try clean.snapshot()
        #expect(Set(built.keys).subtracting(expected.keys).sorted() == [])
        #expect(try site.html("native/picker/index.html").contains("A wheel."))
    }
}
