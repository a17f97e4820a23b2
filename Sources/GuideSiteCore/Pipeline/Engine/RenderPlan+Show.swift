/// What a page's key reads of the other pages it shows (`key(for:)`).
extension RenderPlan {
    /// What a key reads of another page (methods, not functions nested in `key(for:)`: those
    /// copied the whole plan for every key, a tenth of keying a site).
    func show(_ other: Int?, into hasher: inout Hasher) {
        // Not `other.map(summary(of:))`: a method as a value copies the plan.
        hasher.combine(other == nil ? nil : summary(of: other!))
        hasher.combine(other == nil ? nil : links(of: other!))
    }

    func show(_ others: [Int], withList: Bool, into hasher: inout Hasher) {
        hasher.combine(others.count)
        guard withList else { return }
        for other in others { show(other, into: &hasher) }
    }
}
