/// A file or folder name made into a title, as MkDocs does: `date-picker` → "Date picker".
/// Words keep the case the author wrote, so `iOS-date-picker` → "iOS date picker"; only an
/// all-lowercase first word gets a capital. A control character (a file name may hold one, HTML
/// may not, and the output's links rely on it: `SiteRoot`) shows as U+FFFD.
enum ReadableName {
    static func from(_ name: String) -> String {
        let name = name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            ? String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
            : name
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        guard let first = words.first else { return name }
        let opening = first.allSatisfy { !$0.isUppercase } ? first.prefix(1).uppercased() + first.dropFirst() : String(first)
        return ([opening] + words.dropFirst().map(String.init)).joined(separator: " ")
    }
}
