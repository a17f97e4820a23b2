/// Where the My criteria page and the tests it loads are written, read by the theme's values
/// (Templates), the export (Output) and the preview's reloads.
public enum CriteriaBasket {
    /// The page, relative to the site.
    public static let pagePath = "my-criteria/"
    /// The folder of the scripts holding every entry's tests (`acceptance/0.js`, `1.js`…).
    public static let scriptFolder = "acceptance/"
    /// Entries per script: the page loads only the scripts of the chosen entries, so a site of
    /// 10,000 entries does not send every test to show three.
    static let entriesPerScript = 200

    /// How many scripts hold `entries` entries' tests.
    static func scriptCount(entries: Int) -> Int {
        max(1, (entries + entriesPerScript - 1) / entriesPerScript)
    }

    /// Which script holds an entry: FNV-1a of its key, as `basket.js` computes it.
    static func script(of key: String, count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(count))
    }

    /// Whether an output file is one of those scripts (the preview reloads the page for it).
    public static func isScript(_ path: String) -> Bool {
        path.hasPrefix(scriptFolder) && path.hasSuffix(".js")
    }
}
