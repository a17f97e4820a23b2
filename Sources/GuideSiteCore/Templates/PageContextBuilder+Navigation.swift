import Foundation

/// The main navigation (home, each section, the criteria and categories), with the pages of the
/// section of the page shown under its section when they fit on one list page, and the trail of
/// breadcrumbs.
extension PageContextBuilder {
    func navigation(current page: Page) -> [ContextMap] {
        var items: [ContextMap] = []
        let home = site.pages[site.home]
        var homeItem: ContextMap = [.title: .text(strings["nav-home"]), .href: .text(href(home))]
        if page.kind == .home { homeItem[.ariaCurrent] = .text("page") }
        items.append(homeItem)
        for section in site.sections {
            var item: ContextMap = [.title: .text(section.title), .href: .text(href(site.pages[section.page]))]
            if page.kind == .section, page.section == section.name {
                item[.ariaCurrent] = .text("page")
            } else if page.section == section.name {
                item[.ariaCurrent] = .text("true")
            }
            items.append(item)
        }
        let extra: [(Int?, String, Set<PageKind>)] = [
            (site.criteriaIndex, strings["nav-criteria"], [.criterion, .coverage]),
            (site.categoryIndex, strings["nav-categories"], [.category]),
        ]
        for (target, title, children) in extra {
            guard let target else { continue }
            var item: ContextMap = [.title: .text(title), .href: .text(href(site.pages[target]))]
            if site.pages[target].route == page.route {
                item[.ariaCurrent] = .text("page")
            } else if children.contains(page.kind) {
                item[.ariaCurrent] = .text("true")
            }
            items.append(item)
        }
        return items
    }

    func breadcrumbs(_ page: Page, section: SiteSection?) -> [ContextMap] {
        guard page.kind != .home else { return [] }
        var trail: [ContextMap] = [[.title: .text(strings["nav-home"]), .href: .text(href(site.pages[site.home]))]]
        if page.kind == .entry, let section {
            trail.append([.title: .text(section.title), .href: .text(href(site.pages[section.page]))])
        }
        if [.criterion, .coverage].contains(page.kind), let index = site.criteriaIndex {
            trail.append([.title: .text(site.pages[index].title), .href: .text(href(site.pages[index]))])
        }
        if page.kind == .category, let index = site.categoryIndex {
            trail.append([.title: .text(site.pages[index].title), .href: .text(href(site.pages[index]))])
        }
        trail.append([.title: .text(page.title), .href: .text(href(page)), .current: .flag(true)])
        return trail
    }

    /// The section's pages under its item (`SectionNavigation`), the page shown marked current.
    func addSectionPages(to navigation: inout [ContextMap], index: Int, section: SiteSection?) {
        guard let section, [.entry, .section].contains(site.pages[index].kind),
              let position = site.sections.firstIndex(where: { $0.name == section.name }), position + 1 < navigation.count else { return }
        let pages = SectionNavigation.fits(site.entryCount(of: section), site.config) ? site.entries(of: section) : []
        guard !pages.isEmpty else { return }
        navigation[position + 1][.pages] = Self.items(pages.map { entry in
            // (`current` on every item: Mustache would find the section's `ariaCurrent` around one without.)
            let page = site.pages[entry]
            let title = page.frontMatter.navigationTitle ?? page.title
            return [.title: .text(title), .href: .text(href(page)), .current: .flag(entry == index)]
        })
    }
}
