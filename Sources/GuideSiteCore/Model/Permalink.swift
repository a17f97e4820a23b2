/// Checks a `permalink:` and turns it into a route.
enum Permalink {
    static func route(_ value: String) -> Result<Route, PermalinkError> {
        if value.contains("\0") || value.contains("\\") {
            return .failure(PermalinkError("`permalink` may not contain NUL or backslash characters"))
        }
        if value.contains("://") || value.hasPrefix("//") {
            return .failure(PermalinkError("`permalink` must be a path such as `/native/picker/`, not an address"))
        }
        let segments = value.split(separator: "/").map(String.init).filter { !$0.isEmpty && $0 != "." }
        if segments.contains("..") {
            return .failure(PermalinkError("`permalink: \(value)` climbs out of the site with `..`; write a path from the site root such as `/native/picker/`"))
        }
        if segments.contains(where: { $0.hasPrefix(".") }) {
            return .failure(PermalinkError("`permalink: \(value)` has a segment starting with `.`, which would be hidden; rename it"))
        }
        if let last = segments.last, last.hasSuffix(".html") || last.hasSuffix(".htm") {
            return .success(Route(file: segments.joined(separator: "/")))
        }
        return .success(Route(segments: segments))
    }
}

/// Why a permalink was refused.
struct PermalinkError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

