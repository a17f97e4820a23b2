import Foundation

/// The theme built into the binary: the repository's `Templates/` folder, embedded at build time
/// by the EmbedTheme plugin.
public enum DefaultTheme {
    /// The files of the built-in theme by path relative to the theme folder.
    public static func files() -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, base64) in embeddedFiles {
            files[path] = Data(base64Encoded: base64) ?? Data()
        }
        return files
    }

    /// One file of the built-in theme, decoded alone.
    public static func file(_ path: String) -> Data? {
        embeddedFiles.first { $0.path == path }.flatMap { Data(base64Encoded: $0.base64) }
    }
}
