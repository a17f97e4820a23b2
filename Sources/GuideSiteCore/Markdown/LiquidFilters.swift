import Foundation

/// The filters of Liquid (Jekyll's and Shopify's) and Nunjucks that guideline libraries use,
/// over `FrontValue`s. A filter not listed here is one this build does not run (`apply` is nil).
enum LiquidFilters {
    /// A filter's result; `value` nil is Liquid's nil.
    struct Applied { var value: FrontValue? }

    static func apply(_ name: String, to value: FrontValue?, arguments: [FrontValue?]) -> Applied? {
        let text = value?.text
        let first = arguments.first.flatMap { $0 }
        func mapText(_ transform: (String) -> String) -> Applied { Applied(value: text.map { .text(transform($0)) } ?? value) }
        switch name {
        // Root-relative paths stay so: the link stage adds the site's base path.
        case "relative_url", "absolute_url", "url": return Applied(value: value.map { .text($0.text ?? "") })
        case "default", "d":
            let empty = value == nil || value == .null || text == "" || value == .bool(false) || value == .list([])
            return Applied(value: empty ? first ?? .text("") : value)
        case "escape", "escape_once", "e", "xml_escape": return mapText { HTML.escape($0) }
        case "markdownify", "strip", "trim": return mapText { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        case "lstrip": return mapText { String($0.drop { $0.isWhitespace }) }
        case "rstrip": return mapText { String($0.reversed().drop { $0.isWhitespace }.reversed()) }
        case "upcase", "upper": return mapText { $0.uppercased() }
        case "downcase", "lower": return mapText { $0.lowercased() }
        case "capitalize": return mapText { $0.prefix(1).uppercased() + $0.dropFirst() }
        case "slugify", "slug": return mapText { PermalinkTemplate.slug($0) }
        case "strip_html", "striptags": return mapText { $0.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression) }
        case "append": return mapText { $0 + (first?.text ?? "") }
        case "prepend": return mapText { (first?.text ?? "") + $0 }
        case "replace", "remove":
            let target = first?.text ?? ""
            let replacement = name == "remove" ? "" : arguments.dropFirst().first.flatMap { $0 }?.text ?? ""
            return mapText { target.isEmpty ? $0 : $0.replacingOccurrences(of: target, with: replacement) }
        case "truncate":
            let length = first?.text.flatMap { Int($0) } ?? 50
            return mapText { $0.count <= length ? $0 : String($0.prefix(max(0, length - 3))) + "..." }
        case "split":
            guard let text else { return Applied(value: value) }
            let separator = first?.text ?? " "
            return Applied(value: .list(text.components(separatedBy: separator).map { .text($0) }))
        case "size", "length":
            if case .list(let items)? = value { return Applied(value: .text(String(items.count))) }
            return Applied(value: .text(String(text?.count ?? 0)))
        case "first", "last":
            guard case .list(let items)? = value else { return Applied(value: text.flatMap { name == "first" ? $0.first : $0.last }.map { .text(String($0)) }) }
            return Applied(value: name == "first" ? items.first : items.last)
        case "join":
            guard case .list(let items)? = value else { return Applied(value: value) }
            return Applied(value: .text(items.compactMap(\.text).joined(separator: first?.text ?? " ")))
        case "reverse":
            guard case .list(let items)? = value else { return Applied(value: value) }
            return Applied(value: .list(items.reversed()))
        case "uniq", "unique":
            guard case .list(let items)? = value else { return Applied(value: value) }
            var seen: [FrontValue] = []
            for item in items where !seen.contains(item) { seen.append(item) }
            return Applied(value: .list(seen))
        case "compact":
            guard case .list(let items)? = value else { return Applied(value: value) }
            return Applied(value: .list(items.filter { $0 != .null }))
        case "map":
            guard case .list(let items)? = value, let key = first?.text else { return Applied(value: value) }
            return Applied(value: .list(items.map { item in property(key, of: item) ?? .null }))
        case "where":
            guard case .list(let items)? = value, let key = first?.text else { return Applied(value: value) }
            let wanted: FrontValue? = arguments.count > 1 ? arguments[1] ?? .null : nil
            return Applied(value: .list(items.filter { item in
                guard let found = property(key, of: item) else { return false }
                guard let wanted else { return found != .null && found != .bool(false) }
                if case .list(let values) = found { return values.contains(wanted) || values.contains { $0.text == wanted.text } }
                return found == wanted || found.text == wanted.text
            }))
        case "sort":
            guard case .list(let items)? = value else { return Applied(value: value) }
            let key = first?.text
            return Applied(value: .list(items.sorted { a, b in
                let x = key.flatMap { property($0, of: a) }?.text ?? a.text ?? "", y = key.flatMap { property($0, of: b) }?.text ?? b.text ?? ""
                return x.localizedStandardCompare(y) == .orderedAscending
            }))
        case "date", "date_to_string", "date_to_long_string", "date_to_xmlschema":
            guard let text, let date = parseDate(text) else { return Applied(value: value) }
            let format = switch name {
            case "date_to_string": "%d %b %Y"
            case "date_to_long_string": "%d %B %Y"
            case "date_to_xmlschema": "%Y-%m-%dT%H:%M:%S%z"
            default: first?.text ?? "%Y-%m-%d"
            }
            return Applied(value: .text(strftime(format, date)))
        default: return nil
        }
    }

    /// A key of a map (`c.status`), dotted keys followed.
    static func property(_ key: String, of value: FrontValue) -> FrontValue? {
        var current = value
        for part in key.split(separator: ".") {
            guard case .map(let entries) = current, let next = entries[String(part)]?.value else { return nil }
            current = next
        }
        return current
    }

    /// `2024-05-01`, `2024-05-01 10:30:00 +0200`, `2024-05-01T10:30:00Z`, `now`, `today`.
    static func parseDate(_ text: String) -> Date? {
        let trimmed = text.trimmingWhitespace()
        if trimmed == "now" || trimmed == "today" { return Date() }
        let formats = ["yyyy-MM-dd HH:mm:ss Z", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }

    /// Ruby's `strftime` directives that Liquid's `date` takes, in English, in UTC.
    static func strftime(_ format: String, _ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var result = "", characters = Array(format), index = 0
        while index < characters.count {
            guard characters[index] == "%", index + 1 < characters.count else { result.append(characters[index]); index += 1; continue }
            var directive = characters[index + 1]
            let unpadded = directive == "-"
            if unpadded, index + 2 < characters.count { directive = characters[index + 2]; index += 1 }
            switch directive {
            case "Y": result += String(year)
            case "y": result += two(year % 100)
            case "m": result += unpadded ? String(month) : two(month)
            case "d": result += unpadded ? String(day) : two(day)
            case "e": result += day < 10 ? " \(day)" : String(day)
            case "B": result += months[month - 1]
            case "b", "h": result += String(months[month - 1].prefix(3))
            case "A": result += days[(parts.weekday ?? 1) - 1]
            case "a": result += String(days[(parts.weekday ?? 1) - 1].prefix(3))
            case "H": result += two(parts.hour ?? 0)
            case "M": result += two(parts.minute ?? 0)
            case "S": result += two(parts.second ?? 0)
            case "z": result += "+0000"
            case "%": result += "%"
            default: result += "%" + (unpadded ? "-" : "") + String(directive)
            }
            index += 2
        }
        return result
    }
}
