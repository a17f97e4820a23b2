import Foundation

/// How a page reaches the root of its site. Links inside a site are made once, shared by every
/// page (navigation, lists, bodies kept between builds), as `marker` + path from the root; when
/// a page is written its markers become its way up (`../../`), so the output works opened from
/// disk, under any path or on another host. The not-found page alone is served at any depth, so
/// its markers become the site's absolute base path.
public enum SiteRoot {
    /// A control character: content never holds one (`SourceTextDecoder` replaces them, as
    /// HTML forbids them), so each in a rendered page is a link's start.
    public static let marker = "\u{1}"
    static let markerByte: UInt8 = 1

    /// What stands for the root in `route`'s page: `./` at the top, one `../` per folder below.
    public static func prefix(for route: Route) -> String {
        let depth = route.file.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }

    /// `bytes` with every marker replaced by `prefix`.
    public static func resolve(_ bytes: [UInt8], prefix: String) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8] in
            guard let base = buffer.baseAddress, var found = memchr(base, Int32(markerByte), buffer.count) else { return bytes }
            let replacement = Array(prefix.utf8)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 16)
            var copied = 0
            while true {
                let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<offset]))
                output.append(contentsOf: replacement)
                copied = offset + 1
                guard copied < buffer.count, let next = memchr(base + copied, Int32(markerByte), buffer.count - copied) else { break }
                found = next
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
            return output
        }
    }
}
