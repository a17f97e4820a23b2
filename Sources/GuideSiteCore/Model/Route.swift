import Foundation

/// Where a page lives: a clean URL path (`/native/picker/`) and the file written for it
/// (`native/picker/index.html`).
public struct Route: Sendable, Hashable, Comparable, Codable {
    /// Path below the base path, starting with `/`.
    public var path: String
    /// Output file relative to the output folder.
    public var file: String

    /// The folder `file` is written in, with its final slash (`native/picker/`), or "" at the
    /// root: where files that go beside the page are written.
    public var folder: Substring {
        file.lastIndex(of: "/").map { file[...$0] } ?? ""
    }

    /// A clean URL for these path segments: `["native", "picker"]` is `/native/picker/`.
    public init(segments: [String]) {
        if segments.isEmpty {
            path = "/"
            file = "index.html"
        } else {
            path = "/" + segments.joined(separator: "/") + "/"
            file = segments.joined(separator: "/") + "/index.html"
        }
    }

    /// A route that is one exact file (`404.html`, `guide/intro.html`).
    public init(file: String) {
        self.path = "/" + file
        self.file = file
    }

    /// `route` in the site of another language, whose root is `up` from this one's (`../`):
    /// a link to a page that site writes, this one does not (no file).
    public static func inLanguage(_ route: Route, up: String) -> Route {
        var other = Route(file: "")
        other.path = "/" + up + route.path.dropFirst()
        return other
    }

    /// Whether the page is written by another language's site (`inLanguage`).
    public var isInOtherLanguage: Bool { file.isEmpty }

    /// The href for this route under `basePath`, percent-encoded.
    public func href(basePath: String) -> String {
        let relative = String(path.dropFirst())
        return basePath + Route.percentEncode(relative)
    }

    /// `text` with the characters a URL path cannot hold percent-encoded. Paths made only of
    /// ASCII letters, digits and `-._~/` and the like (nearly all) are returned without asking
    /// Foundation, whose encoder goes through `NSString`.
    static func percentEncode(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 128 && asciiAllowed[Int($0)] }) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `allowed` for the ASCII range.
    private static let asciiAllowed: [Bool] = (0..<128).map { code in
        allowed.contains(Unicode.Scalar(UInt8(code)))
    }

    static let allowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#;")
        return set
    }()

    public static func < (lhs: Route, rhs: Route) -> Bool { lhs.path < rhs.path }
}

/// Slugs for URLs, from file and folder names.
public enum Slug {
    /// Lowercased, spaces and underscores as `-`: `Wheel Picker.md` is `wheel-picker`.
    public static func make(_ name: String) -> String {
        // ASCII names (nearly all) over bytes: each byte is a character, as lowercased.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: name.utf8.map { byte -> UInt8 in
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "\t"): UInt8(ascii: "-")
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte | 0x20
                default: byte
                }
            }, as: UTF8.self)
        }
        return makeByCharacters(name)
    }

    /// `make` by characters, for names with other than ASCII.
    static func makeByCharacters(_ name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            switch character {
            case " ", "_", "\t": result.append("-")
            default: result.append(character)
            }
        }
        return result
    }
}
