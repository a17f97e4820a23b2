import Foundation

/// `{% include %}`, `include_cached` and `include_relative`: an include file's text, run through
/// the preprocessor with its parameters, and how it is put into the page.
extension LiquidPreprocessor {
    /// An include's text run through the preprocessor with its parameters; nil when the file
    /// is not there. `relative`: `include_relative`, from the page's own folder.
    func included(_ name: String, parameters: [String: FrontValue], relative: Bool, output: LiquidOutput,
                  depth: Int) -> Diagnosed<String>? {
        guard let text = relative ? relativeInclude(name) : include(name) else { return nil }
        guard depth < Self.maximumDepth else {
            let message = "includes nest more than \(Self.maximumDepth) deep (does a file include itself?); the deeper ones are left out"
            return Diagnosed("", [Diagnostic(.warning, includeDisplay(name), line: 1, column: 1, category: "liquid", message)])
        }
        let call = (relative ? "./" : "") + name + parameters.keys.sorted().map { " \($0)=\(String(describing: parameters[$0]!))" }.joined()
        guard !includeChain.contains(call) else {
            // An error, as in the generators (Jekyll stops with "Nesting too deep").
            return Diagnosed("", [Diagnostic(.error, includeDisplay(name), line: 1, column: 1, category: "liquid",
                                             "`\(name)` includes itself with the same values, which would never end; "
                                                 + "remove the include of itself, or give it other values")])
        }
        var inner = self
        inner.depth = depth + 1
        inner.includeChain = includeChain + [call]
        inner.output = output
        inner.output.include = parameters
        return inner.process(text, firstLine: 1, path: includeDisplay(name))
    }

    /// A file beside the page (`include_relative`), never above the content folder.
    private func relativeInclude(_ name: String) -> String? {
        guard let pagePath, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let url = URL(fileURLWithPath: pagePath).deletingLastPathComponent().appending(path: name)
        return includeFiles?.text(at: url) ?? (includeFiles == nil ? try? String(contentsOf: url, encoding: .utf8) : nil)
    }

    /// How diagnostics name an include file.
    private func includeDisplay(_ name: String) -> String {
        (includesDisplay.map { $0 + "/" } ?? "") + name.drop { $0 == "/" }
    }

    /// The text of an include file, if there is one.
    /// Like Jekyll, a leading slash (`{% include /examples/input.html %}`) still means the
    /// includes folder.
    func include(_ name: String) -> String? {
        let relative = name.drop { $0 == "/" }
        guard let includes, !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        reads?.note(String(relative))
        if let includeFiles { return includeFiles.text(named: String(relative), in: includes) }
        return try? String(contentsOf: includes.appending(path: String(relative)), encoding: .utf8)
    }

    /// An include as raw HTML, or as an HTML code sample when raw HTML is not allowed.
    func insertion(_ text: String, alone: Bool) -> String {
        let trimmed = text.trimming { $0 == "\n" || $0 == "\r" }
        if inCode { return trimmed }
        if unsafeHTML, alone {
            // An include that opens an element another closes: a blank line after the one (and
            // before the other) keeps the Markdown between them Markdown, not raw HTML.
            let balance = HTMLBalancer.openBalance(of: trimmed)
            return balance > 0 ? trimmed + "\n" : balance < 0 ? "\n" + trimmed : trimmed
        }
        if unsafeHTML { return trimmed.replacingBytes("\n", with: " ") }
        if alone {
            let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(trimmed) + 1))
            return fence + "html\n" + trimmed + "\n" + fence
        }
        return "`` " + trimmed.replacingBytes("\n", with: " ") + " ``"
    }
}
