import Foundation

extension Array where Element: Sendable {
    /// Maps on every core; results keep the input order, so output never depends on scheduling.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let results = ResultBuffer<T>(count: count)
        let input = self
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, transform(input[index]))
        }
        return results.values
    }
}

/// Slots written by distinct indices from many threads; each index is written exactly once.
private final class ResultBuffer<T>: @unchecked Sendable {
    private var slots: [T?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        slots.withUnsafeMutableBufferPointer { $0[index] = value }
    }

    var values: [T] { slots.map { $0! } }
}
