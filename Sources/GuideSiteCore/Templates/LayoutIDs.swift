/// Ids the theme's layouts give their own elements: body headings never take them, and links to
/// them are never broken.
enum LayoutIDs {
    static let reserved: Set<String> = [
        "main-content", "how-to-test", "contents", "site-navigation", "page-title", "entries",
        "acceptance-criteria", "acceptance-checklist", "acceptance-gherkin", "copy-status",
        "success-criteria", "related-entries", "automated-checks", "assistive-technology-support", "support-caption", "no-guidance", "criteria-checks", "other-details",
    ]
}
