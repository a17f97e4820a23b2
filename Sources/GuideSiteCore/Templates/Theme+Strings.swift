/// The theme's scripts read their texts from `assets/strings.js`, written from the strings of
/// each site's language.
extension ThemeStrings {
    /// Where each site's scripts find their texts (`GuideSite.strings`).
    public static let scriptPath = "assets/strings.js"

    /// The scripts' texts as a JSON object, safe inside `<script>`.
    public var scriptJSON: String {
        var output: [UInt8] = [UInt8(ascii: "{")]
        for key in values.keys.sorted() where key.hasPrefix("js-") {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            JSONWriter.quote(String(key.dropFirst(3)), into: &output)
            output.append(UInt8(ascii: ":"))
            JSONWriter.quote(values[key] ?? "", into: &output)
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The whole script: the texts on the theme's one global.
    public var script: String {
        "var GuideSite = window.GuideSite = window.GuideSite || {};\nGuideSite.strings = " + scriptJSON + ";\n"
    }
}

extension ThemeStrings: PageTitles {}
