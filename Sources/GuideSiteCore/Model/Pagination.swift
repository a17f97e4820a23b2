/// How a list longer than one page is split (site.yml's `pagination:`, Hugo's paginator
/// convention): the first page at the list's own address, the others at `<list>/page/2/` and so
/// on, each holding `size` items.
public struct Pagination: Sendable, Hashable, Codable {
    /// Items on each page of a list (`pagination: {size: 100}`).
    public var size = 100
    /// The folder the numbered pages go in (`pagination: {path: page}`).
    public var path = "page"

    public init(size: Int = 100, path: String = "page") {
        self.size = size
        self.path = path
    }

    /// How many pages a list of `items` takes: one at least, even when empty.
    public func pageCount(items: Int) -> Int {
        max(1, (items + size - 1) / size)
    }

    /// The items of page `number` (from 1).
    public func range(of number: Int, items: Int) -> Range<Int> {
        let start = min(items, (number - 1) * size)
        return start..<min(items, start + size)
    }

    /// The address of page `number` of the list at `list`.
    public func route(of list: Route, number: Int) -> Route {
        guard number > 1 else { return list }
        let segments = list.path.split(separator: "/").map(String.init)
        return Route(segments: segments + [path, String(number)])
    }
}
