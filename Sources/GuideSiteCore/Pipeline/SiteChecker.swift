import Foundation

/// `guidesite check`: everything a build would report, plus the content checks, without writing
/// anything. Broken internal links and anchors are errors. After a build of every site with the
/// same inputs (`build --all-subsets`, or `build` of a site without subsets), the build's record
/// answers (it keeps what a check reports) and nothing is built.
public struct SiteChecker: Sendable {
    /// Creates a checker.
    public init() {}

    /// Checks the site of `request` and every subset of its site.yml.
    public func check(_ request: BuildRequest) -> BuildResult {
        var request = request
        request.check = true
        request.allSubsets = request.subset == nil && request.adHoc == nil
        return SiteBuilder().check(request)
    }

    /// Output formats of `check`.
    public enum Format: String, CaseIterable, Sendable {
        /// `path:line:column: severity: [category] message`, then a summary.
        case text
        /// The `guidesite-check/1` document described in the user guide (`docs/Content/commands/check.md`).
        case json
        /// GitHub Actions workflow commands (`::error file=...,line=...::message`).
        case github
    }

    /// The report in `format`.
    public static func report(_ result: BuildResult, format: Format) -> String {
        switch format {
        case .text:
            let lines = result.diagnostics.map(\.description)
            let summary = result.errorCount == 0
                ? "Check passed: \(result.warningCount) warning\(result.warningCount == 1 ? "" : "s"), 0 errors"
                : "Check failed: \(result.errorCount) error\(result.errorCount == 1 ? "" : "s"), \(result.warningCount) warning\(result.warningCount == 1 ? "" : "s")"
            return (lines + [summary]).joined(separator: "\n") + "\n"
        case .json:
            let document: [String: Any] = [
                "schema": "guidesite-check/1",
                "errors": result.errorCount,
                "warnings": result.warningCount,
                "diagnostics": result.diagnostics.map { diagnostic -> [String: Any] in
                    ["severity": diagnostic.severity.rawValue, "file": diagnostic.path, "line": diagnostic.line,
                     "column": diagnostic.column, "category": diagnostic.category, "message": diagnostic.message]
                },
            ]
            return JSONWriter.string(document)
        case .github:
            return result.diagnostics.map { diagnostic in
                let kind = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
                var properties = "file=\(escapeProperty(diagnostic.path))"
                if diagnostic.line > 0 { properties += ",line=\(diagnostic.line),col=\(max(diagnostic.column, 1))" }
                properties += ",title=\(escapeProperty(diagnostic.category))"
                return "::\(kind) \(properties)::\(escapeData(diagnostic.message))"
            }.joined(separator: "\n") + (result.diagnostics.isEmpty ? "" : "\n")
        }
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingBytes("%", with: "%25").replacingBytes("\r", with: "%0D").replacingBytes("\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingBytes(":", with: "%3A").replacingBytes(",", with: "%2C")
    }
}
