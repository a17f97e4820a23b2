/// Where the My criteria page and the tests it loads are written, read by the theme's values
/// (Templates), the export (Output) and the preview's reloads.
public enum CriteriaBasket {
    /// The page, relative to the site.
    public static let pagePath = "my-criteria/"
    /// The script of every entry's tests it loads.
    public static let scriptPath = "acceptance/index.js"
}
