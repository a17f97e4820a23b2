/// "Did you mean" hints for misspelt names (keys, layouts, sections).
enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let word = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate.lowercased())
            // Ties go to the first name in sorted order, so sets and dictionaries (whose order
            // changes from run to run) give the same suggestion every time.
            guard distance <= max(2, word.count / 3) else { continue }
            if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.name) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// A " Did you mean `x`?" sentence, or nothing.
    static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " Did you mean `\($0)`?" } ?? ""
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
