import Foundation

/// When a commit was authored, in its author's time zone: what "Last updated" shows.
public struct CommitDate: Sendable, Hashable, Comparable, Codable {
    /// Seconds since 1970 (UTC).
    public var seconds: Int64
    /// The author's offset from UTC, in minutes.
    public var offset: Int

    public init(seconds: Int64, offset: Int) {
        self.seconds = seconds
        self.offset = offset
    }

    /// RFC 3339, for `<time datetime>` and Atom: `2026-11-24T09:30:00+01:00`.
    public var iso: String {
        let (date, time) = local
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(0, 4 - "\(date.year)".count)) + "\(date.year)"
        return "\(year)-\(two(date.month))-\(two(date.day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))"
            + (offset < 0 ? "-" : "+") + "\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
    }

    /// The civil day in the author's zone.
    public var day: (year: Int, month: Int, day: Int) { local.date }

    /// The day in words, the same on every machine: `24 November 2026`.
    public var text: String {
        let date = local.date
        return "\(date.day) \(Self.months[date.month - 1]) \(date.year)"
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    /// The civil date and the seconds into that day, in the author's zone (Howard Hinnant's
    /// days-to-civil algorithm, so no calendar or locale of the machine is involved).
    private var local: (date: (year: Int, month: Int, day: Int), time: Int) {
        let shifted = seconds + Int64(offset) * 60
        let days = Int(shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400)
        let time = Int(shifted - Int64(days) * 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        return ((yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day), time)
    }

    public static func < (lhs: CommitDate, rhs: CommitDate) -> Bool { lhs.seconds < rhs.seconds }

    /// A date as front matter writes it: `2024-03-05`, `2015-11-17 16:16:01 -0600` (Jekyll),
    /// `2024-03-05T14:30:00-05:00` or `…Z` (Hugo, Eleventy, TOML); a day alone is noon UTC, so
    /// it shows as that day everywhere. Nil for anything else.
    public init?(frontMatter text: String) {
        let digits = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count, range.allSatisfy({ (48...57).contains(digits[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(digits[$1] - 48) }
        }
        guard digits.count >= 10, digits[4] == 45, digits[7] == 45, let year = number(0..<4), let month = number(5..<7),
              let day = number(8..<10), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = 12 * 3600, offset = 0
        if digits.count >= 19, digits[10] == 84 || digits[10] == 32, let hour = number(11..<13), let minute = number(14..<16),
           let second = number(17..<19) {
            seconds = hour * 3600 + minute * 60 + second
            var rest = digits[19...].drop { $0 == 32 }
            if rest.first == 46 { rest = rest.dropFirst().drop { (48...57).contains($0) } }
            let zone = Array(rest).filter { $0 != 58 }
            if zone.count == 5, zone[0] == 43 || zone[0] == 45,
               zone[1...].allSatisfy({ (48...57).contains($0) }) {
                let value = zone[1...].reduce(0) { $0 * 10 + Int($1 - 48) }
                offset = (value / 100 * 60 + value % 100) * (zone[0] == 45 ? -1 : 1)
            } else if !(zone.isEmpty || zone == [90]) {
                return nil
            }
        } else if digits.count > 10 {
            return nil
        }
        // Days from the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        self.init(seconds: Int64(days) * 86_400 + Int64(seconds) - Int64(offset) * 60, offset: offset)
    }
}
