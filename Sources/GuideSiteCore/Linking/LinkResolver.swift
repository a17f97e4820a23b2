import Foundation

/// Turns link destinations written in Markdown into URLs that work on the built site: links to
/// other Markdown files become page URLs, links to copied files and root-relative links get the
/// base path. Addresses with a scheme, and anchors, stay as written.
public struct LinkResolver: Sendable {
    let basePath: String
    /// The path the site is published under, which authors' links may start with.
    let sitePath: String
    let routes: RouteLookup
    let assets: Set<String>
    /// Pages of the full site left out of the subset being built, by content path.
    let excluded: RouteLookup
    /// Address of the full site (`url` + base path) where excluded pages live, if known.
    let fullSite: String?
    /// The scheme and host of site.yml's `url` (`https://example.org`), for root-relative links
    /// that leave a site published under a path.
    var host: String?

    /// `routes` maps content paths (`native/picker.md`, and folders for their `index.md`) to
    /// routes; `assets` holds the content paths of copied files. For a subset, `excluded` holds
    /// the pages left out and `fullSite` the full site's address.
    public init(basePath: String, routes: [String: Route], assets: Set<String>, excluded: [String: Route] = [:], fullSite: String? = nil,
                sitePath: String = "/") {
        self.init(basePath: basePath, routes: RouteLookup(routes), assets: assets, excluded: RouteLookup(excluded), fullSite: fullSite, sitePath: sitePath)
    }

    init(basePath: String, routes: RouteLookup, assets: Set<String>, excluded: RouteLookup, fullSite: String?, sitePath: String) {
        self.basePath = basePath
        self.sitePath = sitePath
        self.routes = routes
        self.assets = assets
        self.excluded = excluded
        self.fullSite = fullSite
    }

    /// Whether `url` stays as written wherever it is found (`target` keeps it): empty, an anchor,
    /// or another host's.
    static func staysAsWritten(_ url: String) -> Bool {
        url.isEmpty || url.hasPrefix("#") || url.hasPrefix("//") || hasScheme(url)
    }

    /// What to do with `url`, found in the file at content path `source`: links to other pages
    /// become their URLs; links to pages a subset leaves out go to the full site or become text;
    /// links to files beside the content that are not part of the site lose their link.
    public func target(_ url: String, from source: String) -> LinkTarget {
        guard let link = InternalLink(url, from: source, sitePath: sitePath) else { return .keep }
        if let path = link.target, routes[path] != nil || assets.contains(path), let written = resolve(link) {
            return written == url ? .keep : .url(written)
        }
        if link.mayLeaveSite {
            // `/blog/` from a library published at `/guide/`: the same host, outside this site.
            return .url((host ?? "") + url)
        }
        if isUnpublishedFile(link) { return .unpublished }
        if let path = link.target, let route = excluded[path] ?? excluded[path.trimming("/")] {
            guard let fullSite else { return .plainText }
            return .leavingGuide(fullSite + Self.encode(String(route.path.dropFirst())) + link.suffix)
        }
        guard let written = resolve(link), written != url else { return .keep }
        return .url(written)
    }

    /// The destination to write for `url`, found in the file at content path `source`.
    public func resolve(_ url: String, from source: String) -> String {
        guard let link = InternalLink(url, from: source, sitePath: sitePath) else { return url }
        return resolve(link) ?? url
    }

    /// The page or copied file a link reaches, with the base path; root-relative links to
    /// anything else still get the base path. Nil when the link reaches nothing known.
    private func resolve(_ link: InternalLink) -> String? {
        if let path = link.target {
            if let route = routes[path] { return route.href(basePath: basePath) + link.suffix }
            if assets.contains(path) { return basePath + Self.encode(path) + link.suffix }
        }
        guard link.rootRelative else { return nil }
        return basePath == "/" ? link.written : basePath + String(link.written.dropFirst())
    }

    /// A link to a file with an extension pages do not have (`../src/Picker.swift`), which is not
    /// among the files copied with the site: source code beside the content.
    private func isUnpublishedFile(_ link: InternalLink) -> Bool {
        guard !link.path.hasSuffix("/") else { return false }
        let name = link.path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), name.first != "." else { return false }
        let ext = name[name.index(after: dot)...].lowercased()
        guard ext.contains(where: \.isLetter), !["md", "markdown", "mdx", "html", "htm", "txt"].contains(ext) else { return false }
        guard let path = link.target else { return true }
        return !assets.contains(path) && routes[path] == nil && excluded[path] == nil
    }

    /// `a/./b/../c.md` is `a/c.md`; nil when the path climbs above `Content/`.
    static func normalize(_ path: String) -> String? {
        // ASCII paths (nearly all) over bytes: by characters, splitting and joining took 17,000
        // instructions a link. Other text by characters, where `/` and `.` followed by a
        // combining mark are other characters.
        var path = path
        let result: String?? = path.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var parts: [Range<Int>] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
                defer { start = end + 1 }
                let length = end - start
                if length == 0 || (length == 1 && bytes[start] == dot) { continue }
                if length == 2, bytes[start] == dot, bytes[start + 1] == dot {
                    if parts.isEmpty { return .some(nil) }
                    parts.removeLast()
                    continue
                }
                parts.append(start..<end)
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(bytes.count)
            for part in parts {
                if !joined.isEmpty { joined.append(slash) }
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
            }
            return .some(String(decoding: joined, as: UTF8.self))
        }
        return result ?? normalizeByCharacters(path)
    }

    /// `normalize` by characters.
    static func normalizeByCharacters(_ path: String) -> String? {
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
        // Over bytes when the scheme and the byte after the colon are ASCII (every link but a
        // rare one: a combining mark after the colon would make it another character).
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let after = bytes.index(after: colon)
        if after < bytes.endIndex, bytes[after] >= 0x80 { return hasSchemeByCharacters(url) }
        var length = 0
        for byte in bytes[..<colon] {
            if byte >= 0x80 { return hasSchemeByCharacters(url) }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let allowed = length == 0 ? isLetter : isLetter || isDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !allowed { return false }
            length += 1
        }
        return length > 0
    }

    /// `hasScheme` by characters: letters and digits of any script count, as `Character` says.
    static func hasSchemeByCharacters(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func encode(_ path: String) -> String {
        Route.percentEncode(path)
    }
}

/// A link destination inside the site, taken apart once: the content path it reaches, the
/// `#fragment` or `?query` after it, and how it was written.
struct InternalLink {
    /// The destination as written.
    var written: String
    /// The path part, percent-decoded (`../web/button.md`).
    var path: String
    /// `#focus`, `?q=1`, or empty.
    var suffix: String
    /// Written from the site root (`/web/button.md`).
    var rootRelative: Bool
    /// Written from the root of a host whose site is published under a path (`/guide/`), not
    /// starting with that path: perhaps an address of the same host outside the library.
    var mayLeaveSite = false
    /// The content path it reaches (`web/button.md`); nil when it climbs out of the content folder.
    var target: String?

    /// Nil for addresses with a scheme, protocol-relative addresses, pure anchors and empty links.
    /// `sitePath`: the path the site is published under (`/guide/`); a root-relative link that
    /// starts with it, as authors copy links from the live site, is read without it.
    init?(_ url: String, from source: String, sitePath: String = "/") {
        guard !LinkResolver.staysAsWritten(url) else { return nil }
        written = url
        var raw = Substring(url)
        suffix = ""
        // Over bytes when ASCII: a `#` or `?` followed by a combining mark is another character.
        let ascii = url.utf8.allSatisfy { $0 < 0x80 }
        let mark = ascii
            ? url.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }
            : raw.firstIndex { $0 == "#" || $0 == "?" }
        if let mark {
            suffix = String(raw[mark...])
            raw = raw[..<mark]
        }
        path = raw.utf8.contains(UInt8(ascii: "%")) ? (String(raw).removingPercentEncoding ?? String(raw)) : String(raw)
        rootRelative = path.hasPrefix("/")
        if rootRelative, sitePath.count > 1 {
            if path.hasPrefix(sitePath) || path + "/" == sitePath {
                path = "/" + path.dropFirst(min(sitePath.count, path.count))
                written = path + suffix
            } else {
                mayLeaveSite = true
            }
        }
        if rootRelative {
            target = LinkResolver.normalize(String(path.dropFirst()))
        } else {
            // The source's folder; `normalize` drops the empty parts of `a//b`.
            let folder = source.utf8.allSatisfy({ $0 < 0x80 })
                ? source.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(source[..<$0]) } ?? ""
                : source.split(separator: "/").dropLast().joined(separator: "/")
            target = LinkResolver.normalize(folder.isEmpty ? path : folder + "/" + path)
        }
    }
}
