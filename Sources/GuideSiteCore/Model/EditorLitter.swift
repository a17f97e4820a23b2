/// Files that editors, office suites and file managers leave beside the files they save: never
/// content, never a theme file, never a change to preview. Every walk of a site's folders and the
/// preview's watcher ask this one list.
public enum EditorLitter {
    /// Whether a file named `name` (a last path component) is litter: hidden names (Vim's
    /// `.x.md.swp`, LibreOffice's `.~lock.x#`, macOS's `.DS_Store`, Emacs's `.#x` locks, gedit's
    /// `.goutputstream-*`), backups (`x.md~`), Emacs autosaves (`#x.md#`), swap files, Vim's
    /// probe `4913` (and the names it tries after it, 123 apart), JetBrains' `x___jb_tmp___` and
    /// `x___jb_old___`, and Windows' `Thumbs.db` and `desktop.ini`.
    public static func isLitter(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasSuffix("~") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#")) {
            return true
        }
        if let number = Int(name), number >= 4913, (number - 4913) % 123 == 0 { return true }
        let lowered = name.lowercased()
        return suffixes.contains { lowered.hasSuffix($0) } || ["thumbs.db", "desktop.ini"].contains(lowered)
    }

    /// Whether the last component of `path` is litter.
    public static func isLitter(path: String) -> Bool {
        isLitter(String(path.split(separator: "/").last ?? ""))
    }

    private static let suffixes = [".swp", ".swo", ".swx", ".tmp", ".crswap", "___jb_tmp___", "___jb_old___"]
}
