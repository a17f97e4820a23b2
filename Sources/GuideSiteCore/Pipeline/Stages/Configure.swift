import Foundation

/// Reads site.yml (with `--base-url` and `--content`) over the library's own configuration
/// (Jekyll's `_config.yml`, Hugo's `hugo.toml`, Eleventy's conventions), and the data files.
/// Reads: the request. Writes: `siteConfig`, `layout.content`.
enum Configure: BuildStage {
    static let name = "configure"

    static func run(_ context: inout BuildContext) {
        let file = context.layout.configFile
        let path = context.layout.displayPath(file)
        var text: String?
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let decoded = SourceTextDecoder().decode(try Data(contentsOf: file), path: path)
                context.diagnostics += decoded.diagnostics
                text = decoded.value
            } catch {
                context.diagnostics.append(Diagnostic(.error, path, category: "io", "could not read site.yml: \(error.localizedDescription)"))
            }
        }
        let library = LibraryConfig.find(in: context.layout.root, display: context.layout.displayPath)
        if text != nil || library != nil {
            let parsed = SiteConfigParser().parse(text, path: path, library: library)
            context.siteConfig = parsed.value
            context.diagnostics += parsed.diagnostics
        }
        if let folder = context.request.contentFolder ?? context.siteConfig.contentFolder {
            context.layout.content = URL(fileURLWithPath: folder, relativeTo: context.layout.root).standardizedFileURL
        }
        if let base = context.request.baseURL, context.request.subset == nil { context.siteConfig.basePath = BasePath.normalize(base) }
        let data = DataFiles.read(in: context.layout.content.appending(path: context.siteConfig.dataFolder, directoryHint: .isDirectory),
                                  display: context.layout.displayPath)
        context.siteConfig.data = data.value
        context.diagnostics += data.diagnostics
    }
}
