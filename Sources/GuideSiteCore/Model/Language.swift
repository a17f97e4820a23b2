import Foundation

/// One language of a multilingual site (`languages:` in site.yml); the first listed is the
/// default, whose pages are the sources that the others translate.
public struct Language: Sendable, Hashable, Codable {
    /// A section's or category's title and description in the language.
    public struct Texts: Sendable, Hashable, Codable {
        public var title: String?
        public var description: String?
    }

    /// Writing direction of the language's pages.
    public enum Direction: String, Sendable, Hashable, Codable {
        case ltr, rtl
    }

    /// BCP 47 tag (`fr`, `pt-BR`): `<html lang>`, the folder `/<code>/`, the `.fr.md` suffix.
    public var code: String
    /// Its name in itself (`Français`), shown in the language switcher.
    public var name: String
    /// `rtl` for Arabic, Hebrew, Persian, Urdu.
    public var direction: Direction = .ltr
    /// The site's title and description in this language, when given.
    public var title: String?
    public var description: String?
    /// The footer line in this language (site.yml's `footer` is the default language's).
    public var footer: String?
    /// Section and category titles and descriptions in this language, by folder name and
    /// category slug.
    public var sections: [String: Texts] = [:]
    public var categories: [String: Texts] = [:]

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// Languages written right to left, when site.yml does not say.
    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ckb", "dv"]

    /// The language's name in itself (`fr` is `Français`) from the system's locale data, for a
    /// language its configuration does not name; the code when there is none.
    static func nameInItself(_ code: String) -> String {
        guard let name = Locale(identifier: code).localizedString(forLanguageCode: code), !name.isEmpty else { return code }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The language part of a tag, lowercased (`pt-BR` is `pt`).
    var primary: String { String(code.split(separator: "-").first ?? Substring(code)).lowercased() }
}
