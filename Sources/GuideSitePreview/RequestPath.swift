/// Maps a request path to a file of the built site, refusing anything that could reach outside
/// it: `..` (also percent-encoded), backslashes, NUL bytes, empty segments that would make an
/// absolute path, and paths outside the base path.
enum RequestPath {
    enum Resolution: Equatable {
        /// Serve this file of the site.
        case file(String)
        /// Redirect to this path (a folder without its trailing slash).
        case redirect(String)
        /// Nothing here.
        case notFound
    }

    /// `raw` is the request target as sent (`/native/picker/?x=1`).
    static func resolve(_ raw: String, basePath: String, exists: (String) -> Bool) -> Resolution {
        var target = Substring(raw)
        if let query = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = target[..<query] }
        guard target.hasPrefix("/"), !target.hasPrefix("//"),
              let decoded = String(target).removingPercentEncoding,
              !decoded.contains("\0"), !decoded.contains("\\"), !decoded.contains("//") else { return .notFound }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return .notFound }
        guard decoded.hasPrefix(basePath) || decoded + "/" == basePath else { return .notFound }
        if decoded + "/" == basePath { return .redirect(basePath) }
        let relative = String(decoded.dropFirst(basePath.count))
        if relative.isEmpty || relative.hasSuffix("/") {
            let index = relative + "index.html"
            return exists(index) ? .file(index) : .notFound
        }
        if exists(relative) { return .file(relative) }
        if exists(relative + "/index.html") { return .redirect(basePath + relative + "/") }
        return .notFound
    }
}
