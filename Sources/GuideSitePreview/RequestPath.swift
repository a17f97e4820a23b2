/// Checks a request path before it reaches the site's files, refusing anything that could reach
/// outside them: `..`, backslashes, NUL bytes, empty segments that would make an absolute path,
/// hidden files, and paths outside the base path.
enum RequestPath {
    /// Whether `decoded` (a percent-decoded request path) may name a file of the site at all.
    static func isSafe(_ decoded: String) -> Bool {
        guard decoded.hasPrefix("/"), !decoded.hasPrefix("//"), !decoded.contains("\0"), !decoded.contains("\\"),
              !decoded.contains("//") else { return false }
        return !decoded.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.hasPrefix(".") }
    }

    /// The path inside the site (`native/picker/index.html`, `native/picker/`, empty for the
    /// root), or nil when `decoded` is unsafe or outside `basePath`. The base path without its
    /// final slash (`/guide`) is the root too, which the file middleware redirects to `/guide/`.
    static func relative(_ decoded: String, basePath: String) -> String? {
        guard isSafe(decoded) else { return nil }
        if decoded + "/" == basePath { return "" }
        guard decoded.hasPrefix(basePath) else { return nil }
        return String(decoded.dropFirst(basePath.count))
    }
}
