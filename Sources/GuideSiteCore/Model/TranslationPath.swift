/// Where a file's path says it is a translation: the language before the extension
/// (`native/wheel-picker.fr.md`, Hugo's convention) or a first folder named after a language
/// (`fr/native/wheel-picker.md`). Either way it stands at the place of the source
/// (`native/wheel-picker.md`), whose route it takes.
public struct TranslationPath: Sendable, Hashable {
    /// The front matter key that names the version of the source a translation translates: the
    /// first `recordedLength` hex digits of its SHA-256 (`ContentHash`).
    public static let recordKey = "translation-of"
    public static let recordedLength = 12

    /// The language's code as site.yml writes it; nil for the default language.
    public var language: String?
    /// The path of the page it stands for in the default language.
    public var source: String

    /// `path` read against the site's languages (the default first); a path naming no language
    /// is the default language's.
    public init(_ path: String, languages: [Language]) {
        language = nil
        source = path
        guard languages.count > 1 else { return }
        let codes = Dictionary(languages.map { ($0.code.lowercased(), $0.code) }, uniquingKeysWith: { first, _ in first })
        let defaultCode = languages[0].code
        func named(_ text: Substring) -> String? {
            guard let code = codes[text.lowercased()] else { return nil }
            return code == defaultCode ? nil : code
        }
        var folders = path.split(separator: "/", omittingEmptySubsequences: false)
        if folders.count > 1, codes[folders[0].lowercased()] != nil {
            language = named(folders[0])
            folders.removeFirst()
            source = folders.joined(separator: "/")
            return
        }
        // `name.fr.md`: the part between the last two dots.
        let file = folders.removeLast()
        guard let extensionDot = file.lastIndex(of: "."), let dot = file[..<extensionDot].lastIndex(of: "."), dot > file.startIndex,
              codes[file[file.index(after: dot)..<extensionDot].lowercased()] != nil else { return }
        language = named(file[file.index(after: dot)..<extensionDot])
        folders.append(file[..<dot] + file[extensionDot...])
        source = folders.joined(separator: "/")
    }
}
