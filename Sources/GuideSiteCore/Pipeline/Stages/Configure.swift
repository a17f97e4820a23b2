import Foundation

/// Reads site.yml (with `--base-url` and `--content`).
/// Reads: the request. Writes: `siteConfig`, `layout.content`.
enum Configure: BuildStage {
    static let name = "configure"

    static func run(_ context: inout BuildContext) {
        let file = context.layout.configFile
        if FileManager.default.fileExists(atPath: file.path) {
            let path = context.layout.displayPath(file)
            do {
                let decoded = SourceTextDecoder().decode(try Data(contentsOf: file), path: path)
                context.diagnostics += decoded.diagnostics
                if let text = decoded.value {
                    let parsed = SiteConfigParser().parse(text, path: path)
                    context.siteConfig = parsed.value
                    context.diagnostics += parsed.diagnostics
                }
            } catch {
                context.diagnostics.append(Diagnostic(.error, path, category: "io", "could not read site.yml: \(error.localizedDescription)"))
            }
        }
        if let folder = context.request.contentFolder ?? context.siteConfig.contentFolder {
            context.layout.content = URL(fileURLWithPath: folder, relativeTo: context.layout.root).standardizedFileURL
        }
        if let base = context.request.baseURL, context.request.subset == nil { context.siteConfig.basePath = BasePath.normalize(base) }
    }
}
