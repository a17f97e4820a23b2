import Foundation

/// Turns link destinations written in Markdown into URLs that work on the built site: links to
/// other Markdown files become page URLs, links to copied files and root-relative links get the
/// base path. Addresses with a scheme, and anchors, stay as written.
public struct LinkResolver: Sendable {
    let basePath: String
    let routes: [String: Route]
    let assets: Set<String>
    /// Pages of the full site left out of the subset being built, by content path.
    let excluded: [String: Route]
    /// Address of the full site (`url` + base path) where excluded pages live, if known.
    let fullSite: String?

    /// `routes` maps content paths (`native/picker.md`, and folders for their `index.md`) to
    /// routes; `assets` holds the content paths of copied files. For a subset, `excluded` holds
    /// the pages left out and `fullSite` the full site's address.
    public init(basePath: String, routes: [String: Route], assets: Set<String>, excluded: [String: Route] = [:], fullSite: String? = nil) {
        self.basePath = basePath
        self.routes = routes
        self.assets = assets
        self.excluded = excluded
        self.fullSite = fullSite
    }

    /// What to do with `url`, found in the file at content path `source`: links to other pages
    /// become their URLs; links to pages a subset leaves out go to the full site or become text.
    public func target(_ url: String, from source: String) -> LinkTarget {
        let resolved = resolve(url, from: source)
        if resolved != url { return .url(resolved) }
        guard !url.isEmpty, !url.hasPrefix("#"), !url.hasPrefix("//"), !Self.hasScheme(url) else { return .keep }
        if Self.isUnpublishedFile(url, source: source, routes: routes, assets: assets, excluded: excluded) { return .unpublished }
        guard !excluded.isEmpty else { return .keep }
        var path = Substring(url)
        var suffix = ""
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[mark...])
            path = path[..<mark]
        }
        let decoded = String(path).removingPercentEncoding ?? String(path)
        let folder = source.split(separator: "/").dropLast().joined(separator: "/")
        let candidate = decoded.hasPrefix("/") ? Self.normalize(String(decoded.dropFirst()))
            : Self.normalize(folder.isEmpty ? decoded : folder + "/" + decoded)
        guard let candidate, let route = excluded[candidate] ?? excluded[candidate.trimmingCharacters(in: CharacterSet(charactersIn: "/"))] else { return .keep }
        guard let fullSite else { return .plainText }
        return .leavingGuide(fullSite + Self.encode(String(route.path.dropFirst())) + suffix)
    }

    /// The destination to write for `url`, found in the file at content path `source`.
    public func resolve(_ url: String, from source: String) -> String {
        guard !url.isEmpty, !url.hasPrefix("#"), !url.hasPrefix("//"), !Self.hasScheme(url) else { return url }
        var path = Substring(url)
        var suffix = ""
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[mark...])
            path = path[..<mark]
        }
        let decoded = String(path).removingPercentEncoding ?? String(path)
        if decoded.hasPrefix("/") {
            let target = Self.normalize(String(decoded.dropFirst()))
            if let target, let route = routes[target] { return route.href(basePath: basePath) + suffix }
            if let target, assets.contains(target) { return basePath + Self.encode(target) + suffix }
            return basePath == "/" ? url : basePath + String(url.dropFirst())
        }
        let folder = source.split(separator: "/").dropLast().joined(separator: "/")
        guard let target = Self.normalize(folder.isEmpty ? decoded : folder + "/" + decoded) else { return url }
        if let route = routes[target] { return route.href(basePath: basePath) + suffix }
        if assets.contains(target) { return basePath + Self.encode(target) + suffix }
        return url
    }

    /// A link to a file with an extension pages do not have (`../src/Picker.swift`), which is not
    /// among the files copied with the site: source code beside the content.
    static func isUnpublishedFile(_ url: String, source: String, routes: [String: Route], assets: Set<String>, excluded: [String: Route]) -> Bool {
        let path = String(url.prefix { $0 != "#" && $0 != "?" })
        guard !path.hasSuffix("/") else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), name.first != "." else { return false }
        let ext = name[name.index(after: dot)...].lowercased()
        guard ext.contains(where: \.isLetter), !["md", "markdown", "html", "htm", "txt"].contains(ext) else { return false }
        let decoded = path.removingPercentEncoding ?? path
        let folder = source.split(separator: "/").dropLast().joined(separator: "/")
        let target = decoded.hasPrefix("/") ? normalize(String(decoded.dropFirst())) : normalize(folder.isEmpty ? decoded : folder + "/" + decoded)
        guard let target else { return true }
        return !assets.contains(target) && routes[target] == nil && excluded[target] == nil
    }

    /// `a/./b/../c.md` is `a/c.md`; nil when the path climbs above `Content/`.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func encode(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: Route.allowed) ?? path
    }
}
