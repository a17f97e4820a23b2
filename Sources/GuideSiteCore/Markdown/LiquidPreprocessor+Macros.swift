import Foundation

/// Nunjucks macros: `{% from "macros/demo.njk" import demo %}` and `{% import "x.njk" as ui %}`
/// bring in the macros of a template file of the includes folder, a `{% macro %}` in the page
/// defines one, and a call (`{{ demo({ item: "button" }) }}`, or `{% call demo(…) %}…{% endcall %}`
/// whose body is `caller()`) runs it. What a macro renders from outside the library (an example
/// page that is not in it) becomes a note naming the example, linked to its source when the
/// library has that.
extension LiquidPreprocessor {
    /// `from "file" import a, b as c` or `import "file" as name`: the macros it names, under the
    /// names the page calls them by; nil when the file is not in the includes folder.
    func importedMacros(_ tag: Substring) -> (file: String, macros: [String: LiquidMacro])? {
        let inner = tag.dropFirst(2).dropLast(2).trimming("- \t")
        guard let open = inner.firstIndex(where: { $0 == "\"" || $0 == "'" }),
              let close = inner[inner.index(after: open)...].firstIndex(of: inner[open]) else { return nil }
        let file = String(inner[inner.index(after: open)..<close])
        guard let text = include(file) else { return nil }
        let defined = Dictionary(LiquidMacro.definitions(in: text, file: (includesDisplay.map { $0 + "/" } ?? "") + file).map { ($0.name, $0) }) { first, _ in first }
        let after = inner[inner.index(after: close)...].trimmingSpaces()
        var macros: [String: LiquidMacro] = [:]
        if inner.hasPrefix("import"), after.hasPrefix("as ") {
            let namespace = after.dropFirst(3).trimmingSpaces()
            for (name, macro) in defined { macros[namespace + "." + name] = macro }
        } else if after.hasPrefix("import ") {
            for item in after.dropFirst(7).split(separator: ",") {
                let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
                guard let name = words.first, let macro = defined[name] else { continue }
                macros[words.count == 3 && words[1] == "as" ? words[2] : name] = macro
            }
        }
        return (file, macros)
    }

    /// A call of a macro the page knows, rendered; nil when it knows none by that name.
    /// `expression` is the call (`demo({ item: "button" })`), `note` what a note would name.
    func renderMacro(_ name: String, expression: Substring, caller: String?, note: String, output: LiquidOutput, alone: Bool,
                     line: Int, column: Int, path: String) -> Diagnosed<String>? {
        guard let macro = output.macros[name] else { return nil }
        guard depth < Self.maximumDepth else { return Diagnosed("") }
        let arguments = expression.firstIndex(of: "(").map { String(expression[expression.index(after: $0)...].dropLast()) } ?? ""
        var inner = self
        inner.depth = depth + 1
        inner.inCode = false
        inner.output = output
        inner.output.variables = macro.bind(arguments, output: output)
        if let caller { inner.output.macros["caller"] = LiquidMacro(name: "caller", parameters: [], body: caller, file: path) }
        let rendered = inner.process(macro.body, firstLine: 1, path: macro.file)
        if let missing = Self.rootRelativeReferences(in: rendered.value).first(where: { !published($0) }) {
            let source = exampleSource(of: missing)
            let written = Self.exampleNote(note, alone: alone) + (source.map { " ([source](/\($0)))" } ?? "")
            return Diagnosed(written, [Diagnostic(.warning, path, line: line, column: column, category: "liquid",
                "the Nunjucks macro `\(name)` renders `\(missing)`, which is not in the library; a note \"Example not shown\" stands in its place"
                    + (source.map { ", linked to its source `\($0)`" } ?? ""))])
        }
        return Diagnosed(name == "caller" ? rendered.value : insertion(rendered.value, alone: alone), rendered.diagnostics)
    }

    /// The root-relative addresses an HTML text loads (`src="/examples/a.html"`): an example in a
    /// frame, an image. Links (`href`) lead to pages, which the link stage checks.
    static func rootRelativeReferences(in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let range = rest.range(of: #"\bsrc\s*=\s*["']/[^/"'][^"']*["']"#, options: .regularExpression) {
            let attribute = rest[range]
            let value = attribute.drop { $0 != "\"" && $0 != "'" }.dropFirst().dropLast()
            found.append(String(value.prefix { $0 != "?" && $0 != "#" }))
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// Whether a root-relative address is a file the site publishes (the content folder, or
    /// Hugo's `static/` beside it); a folder's address is its `index.html`.
    private func published(_ address: String) -> Bool {
        let relative = String(address.dropFirst())
        return publishedFolders.contains { folder in
            let url = folder.appending(path: relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
            return !isFolder.boolValue || FileManager.default.fileExists(atPath: url.appending(path: "index.html").path)
        }
    }

    /// A file of the library with the example's path and another extension (`examples/button/default.njk`
    /// for `/examples/button/default.html`), as the content folder names it.
    private func exampleSource(of address: String) -> String? {
        guard let content = publishedFolders.first else { return nil }
        let stem = (String(address.dropFirst()) as NSString).deletingPathExtension
        let folder = content.appending(path: (stem as NSString).deletingLastPathComponent)
        let base = (stem as NSString).lastPathComponent
        guard !base.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        guard let name = names.sorted().first(where: { ($0 as NSString).deletingPathExtension == base }) else { return nil }
        let directory = (stem as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "" : directory + "/") + name
    }
}
