/// Text ordered as readers count: runs of digits compare as numbers, so "1.4.2 Audio Control"
/// comes before "1.4.10 Reflow" and "Step 9" before "Step 10". Elsewhere by Unicode scalars,
/// so the order never depends on the machine's locale.
enum NaturalOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        var left = a.unicodeScalars[...], right = b.unicodeScalars[...]
        while let x = left.first, let y = right.first {
            if x.properties.numericType == .decimal, y.properties.numericType == .decimal, x.isASCII, y.isASCII {
                let first = left.prefix { $0.isASCII && $0.properties.numericType == .decimal }
                let second = right.prefix { $0.isASCII && $0.properties.numericType == .decimal }
                let m = first.drop { $0 == "0" }, n = second.drop { $0 == "0" }
                if m.count != n.count { return m.count < n.count }
                if !m.elementsEqual(n) { return String(m) < String(n) }
                left = left.dropFirst(first.count)
                right = right.dropFirst(second.count)
                continue
            }
            if x != y { return x.value < y.value }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        return left.isEmpty && !right.isEmpty
    }
}
