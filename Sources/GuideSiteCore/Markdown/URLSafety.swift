/// Which link destinations may appear in a page.
enum URLSafety {
    /// True for schemes that run code or reach the reader's files: `javascript:`, `vbscript:`,
    /// `file:` and `data:` (images in common raster formats excepted), whatever their case or
    /// embedded whitespace.
    static func isDangerous(_ url: String) -> Bool {
        // Only the start matters: its first 20 visible bytes, lowercased, when they are ASCII
        // (any other byte there takes the general path below, which compares characters).
        var start: [UInt8] = []
        start.reserveCapacity(20)
        for byte in url.utf8 where byte > 0x20 {
            if byte >= 0x80 { return isDangerousScalars(url) }
            start.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            if start.count == 20 { break }
        }
        func begins(_ prefix: String) -> Bool { start.starts(with: prefix.utf8) }
        if begins("javascript:") || begins("vbscript:") || begins("file:") { return true }
        if begins("data:") { return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: begins) }
        return false
    }

    /// The same test over Unicode scalars and characters, for addresses with other than ASCII
    /// at their start.
    static func isDangerousScalars(_ url: String) -> Bool {
        let compact = url.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)
        let lower = String(compact).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:"] where lower.hasPrefix(scheme) {
            return true
        }
        if lower.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lower.hasPrefix($0) }
        }
        return false
    }
}
