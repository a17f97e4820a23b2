import Foundation

/// The day of the build, `YYYY-MM-DD` in UTC, for what depends on it (support results older
/// than `support-stale-after:`): `SOURCE_DATE_EPOCH` when set, as reproducible builds expect, else today.
enum BuildDate {
    static var today: String {
        let environment = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0) }
        let date = environment.map { Date(timeIntervalSince1970: $0) } ?? Date()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
