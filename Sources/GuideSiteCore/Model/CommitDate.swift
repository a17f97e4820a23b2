import Foundation

/// When a commit was authored, in its author's time zone: what "Last updated" shows.
public struct CommitDate: Sendable, Hashable, Comparable {
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
}
