import Foundation

/// `guidesite new --translation fr Content/native/wheel-picker.md`.
extension Scaffolder {
    /// Writes a copy of `source` to translate into `code`, recording the version it starts
    /// from (`translation-of:`): beside the source (`wheel-picker.fr.md`), or in the language's
    /// folder (`Content/fr/native/wheel-picker.md`) when the site keeps one. Refuses to overwrite.
    public func newTranslation(of source: String, into code: String, root: URL) throws -> URL {
        let layout = SiteLayout(root: root)
        var config = SiteConfig()
        if let text = try? String(contentsOf: layout.configFile, encoding: .utf8) { config = SiteConfigParser().parse(text, path: "site.yml").value }
        let content = config.contentFolder.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL } ?? layout.content
        guard let language = config.languages.dropFirst().first(where: { $0.code.lowercased() == code.lowercased() }) else {
            let known = config.languages.dropFirst().map(\.code)
            throw Failure(description: known.isEmpty
                ? "site.yml lists no languages to translate into; add `languages:` with the default language first, e.g. `languages: [{code: en, name: English}, {code: fr, name: Français}]`"
                : "`\(code)` is not one of site.yml's other languages: \(known.joined(separator: ", "))")
        }
        // As typed in the shell, else from the site's root (`--root`).
        var file = URL(fileURLWithPath: source, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL
        if !FileManager.default.fileExists(atPath: file.path) { file = URL(fileURLWithPath: source, relativeTo: root).standardizedFileURL }
        let base = content.path.hasSuffix("/") ? content.path : content.path + "/"
        guard file.path.hasPrefix(base), let data = FileManager.default.contents(atPath: file.path) else {
            throw Failure(description: "\(source) is not a file of the content folder (\(layout.displayPath(content))); name the page to translate, e.g. Content/native/wheel-picker.md")
        }
        let relative = String(file.path.dropFirst(base.count))
        let place = TranslationPath(relative, languages: config.languages)
        guard place.language == nil else { throw Failure(description: "\(source) is a translation already; name the page in \(config.languages[0].name) it translates") }
        let target: URL
        if FileManager.default.fileExists(atPath: content.appending(path: language.code).path) {
            target = content.appending(path: language.code + "/" + place.source)
        } else {
            let stem = (relative as NSString).deletingPathExtension, ext = (relative as NSString).pathExtension
            target = content.appending(path: "\(stem).\(language.code).\(ext)")
        }
        let version = String(ContentHash.hex(data).prefix(TranslationPath.recordedLength))
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw Failure(description: "\(layout.displayPath(target)) exists already; once it matches the source, set `\(TranslationPath.recordKey): \(version)` in its front matter")
        }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.recording(version, in: String(decoding: data, as: UTF8.self)).utf8).write(to: target, options: .withoutOverwriting)
        return target
    }

    /// `text` with `translation-of: VERSION` first in its front matter (YAML or TOML), or in a
    /// new one.
    static func recording(_ version: String, in text: String) -> String {
        let line = "\(TranslationPath.recordKey): \(version)"
        for (fence, entry) in [("---", line), ("+++", "\(TranslationPath.recordKey) = \"\(version)\"")] {
            for ending in ["\n", "\r\n"] where text.hasPrefix(fence + ending) {
                return fence + ending + entry + ending + text.dropFirst(fence.count + ending.count)
            }
        }
        return "---\n\(line)\n---\n\n" + text
    }
}
