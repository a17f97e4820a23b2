import Foundation

/// What a stage says beside its result, for `--timings`: notes (why the engine did not patch,
/// what a memo took) and the parts of its time.
struct StageLog {
    var notes: [String] = []
    var parts: [(String, Duration)] = []
}

/// Runs the stages of a run one at a time: announces each (the progress line), times it, and
/// keeps what it logged, for `--timings`. Each stage is a function of what it reads, called by
/// `SiteBuilder` inside `time`.
final class StageClock {
    private let progress: (@Sendable (String) -> Void)?
    /// Before each stage's name: which site of the run it works on, when there are several.
    var prefix = ""
    private(set) var timings: [(String, Double)] = []

    init(progress: (@Sendable (String) -> Void)?) {
        self.progress = progress
    }

    /// A note of the run, not of one stage.
    func note(_ text: String) {
        timings.append((text, 0))
    }

    func time<T>(_ name: String, _ stage: (inout StageLog) throws -> T) rethrows -> T {
        progress?(prefix + name)
        let clock = ContinuousClock(), began = clock.now
        var log = StageLog()
        defer {
            timings += log.notes.map { ($0, 0) }
            timings.append((prefix + name, Self.milliseconds(clock.now - began)))
            timings += log.parts.map { (prefix + "  " + $0.0, Self.milliseconds($0.1)) }
        }
        return try stage(&log)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
