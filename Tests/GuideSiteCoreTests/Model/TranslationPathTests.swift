import Testing
@testable import GuideSiteCore

@Suite("Translation paths")
struct TranslationPathTests {
    static let languages = [Language(code: "en", name: "English"), Language(code: "fr", name: "Français"), Language(code: "pt-BR", name: "Português")]

    @Test("the language before the extension, or a first folder named after it; the default's code names the default", arguments: [
        ("native/wheel-picker.fr.md", "fr", "native/wheel-picker.md"),
        ("native/wheel-picker.FR.md", "fr", "native/wheel-picker.md"),
        ("index.pt-br.md", "pt-BR", "index.md"),
        ("fr/web/button.md", "fr", "web/button.md"),
        ("fr/index.md", "fr", "index.md"),
        ("en/web/button.md", nil, "web/button.md"),
        ("native/wheel-picker.en.md", nil, "native/wheel-picker.md"),
    ] as [(String, String?, String)])
    func translations(path: String, language: String?, source: String) {
        let place = TranslationPath(path, languages: Self.languages)
        #expect(place.language == language)
        #expect(place.source == source)
    }

    @Test("names that only look like one stay the default language's", arguments: [
        "native/wheel-picker.md", "native/v1.2.md", "french/button.md", "fr.md", ".fr.md", "native/wheel.picker.md", "frog/index.md",
    ])
    func notTranslations(path: String) {
        let place = TranslationPath(path, languages: Self.languages)
        #expect(place.language == nil)
        #expect(place.source == path)
    }

    @Test("without languages in site.yml a folder `fr` is a section")
    func oneLanguage() {
        let place = TranslationPath("fr/button.md", languages: [])
        #expect(place.language == nil && place.source == "fr/button.md")
    }
}
