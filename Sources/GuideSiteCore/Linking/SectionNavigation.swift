/// What the navigation lists under the section of the page shown: every entry of the section
/// when they fit on one list page (site.yml's `pagination.size`), else none, as the section's
/// numbered pages list them. The theme shows it (`PageContextBuilder`) and each entry's render
/// key reads it (`RenderPlan`).
public enum SectionNavigation {
    public static func pages(of section: SiteSection, in site: Site) -> [Int] {
        fits(section.entries.count, site.config) ? section.entries : []
    }

    /// Whether a section of `count` entries lists them in the navigation.
    static func fits(_ count: Int, _ config: SiteConfig) -> Bool {
        count <= config.pagination.size
    }
}
