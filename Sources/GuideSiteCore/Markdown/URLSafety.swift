/// Which link destinations may appear in a page.
enum URLSafety {
    /// True for schemes that run code or reach the reader's files: `javascript:`, `vbscript:`,
    /// `file:` and `data:` (images in common raster formats excepted), whatever their case or
    /// embedded whitespace.
    static func isDangerous(_ url: String) -> Bool {
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
