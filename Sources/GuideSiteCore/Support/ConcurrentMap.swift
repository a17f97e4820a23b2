import Foundation

/// How many items the work that makes a large output takes at a time (the Markdown stage,
/// criteria.json, the acceptance files, the search pieces): what a run makes is let go once
/// copied, so memory holds one run beside the output, and a run keeps both cores busy.
enum Runs {
    static let size = 4096
}

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

/// Slots written by distinct indices from many threads, each exactly once. The storage is one
/// fixed allocation: an `Array` would be unsafe here, because `withUnsafeMutableBufferPointer`
/// moves the array's buffer out while it runs.
private final class ResultBuffer<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func set(_ index: Int, _ value: T) {
        base[index] = value
    }

    var values: [T] { (0..<count).map { base[$0]! } }
}

/// A value made on another core from now on, waited for where it is needed (the theme, made
/// while the last build's state is read).
final class Pending<T>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var value: T?

    init(_ make: @escaping @Sendable () -> T) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in value = make() }
    }

    func wait() -> T {
        group.wait()
        return value!
    }
}
