import Foundation

/// Reads site.yml (with `--base-url` and `--content`) over the library's own configuration
/// (Jekyll's `_config.yml`, Hugo's `hugo.toml`, Eleventy's conventions), and the data files.
enum Configure {
    static let name = "configure"

    /// The settings every site of the run starts from, and where the site is (`--content`,
    /// `content:` move the content folder).
    struct Configured {
        var settings = SiteConfig()
        var layout: SiteLayout
    }

    static func run(_ request: BuildRequest, layout: SiteLayout) -> Diagnosed<Configured> {
        var made = Configured(layout: layout)
        var diagnostics: [Diagnostic] = []
        let file = layout.configFile
        let path = layout.displayPath(file)
        var text: String?
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let decoded = SourceTextDecoder().decode(try Data(contentsOf: file), path: path)
                diagnostics += decoded.diagnostics
                text = decoded.value
            } catch {
                diagnostics.append(Diagnostic(.error, path, category: "io", "could not read site.yml: \(error.localizedDescription)"))
            }
        }
        let library = LibraryConfig.find(in: layout.root, display: layout.displayPath)
        if text != nil || library != nil {
            let parsed = SiteConfigParser().parse(text, path: path, library: library)
            made.settings = parsed.value
            diagnostics += parsed.diagnostics
        }
        if let folder = request.contentFolder ?? made.settings.contentFolder {
            made.layout.content = URL(fileURLWithPath: folder, relativeTo: layout.root).standardizedFileURL
        }
        if let base = request.baseURL, request.subset == nil { made.settings.basePath = BasePath.normalize(base) }
        let data = DataFiles.read(in: made.layout.content.appending(path: made.settings.dataFolder, directoryHint: .isDirectory),
                                  display: layout.displayPath)
        made.settings.data = data.value
        made.settings.archetype = Archetype.text(of: made.layout)
        diagnostics += data.diagnostics
        return Diagnosed(made, diagnostics)
    }
}
