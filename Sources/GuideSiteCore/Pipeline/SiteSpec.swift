import Foundation

/// The site being built as its stages read it: which of the run's sites it is, site.yml's
/// settings titled as it (its subset's platforms, its language's titles), the theme's texts in
/// its language, and the languages as it sees them.
struct SiteSpec {
    var variant: Variant
    var config: SiteConfig
    var strings: ThemeStrings
    var languages: SiteLanguages?
    /// The path prefix of its links.
    var basePath: String { variant.basePath }

    init(_ variant: Variant, settings: SiteConfig, theme: CompiledTheme?, translations: TranslationTable) {
        self.variant = variant
        config = Self.config(of: variant, settings: settings)
        strings = theme?.strings[variant.language?.code ?? settings.language] ?? .english
        if let language = variant.language, let position = settings.languages.firstIndex(of: language) {
            languages = SiteLanguages(all: settings.languages, current: position, defaultInFolder: settings.defaultLanguageInFolder, table: translations)
        }
    }

    /// site.yml's settings titled as `variant`.
    private static func config(of variant: Variant, settings: SiteConfig) -> SiteConfig {
        var config = settings
        config.title = variant.title
        if let platforms = variant.subset?.platforms, !platforms.isEmpty { config.supportPlatforms = platforms }
        if let language = variant.language {
            // Another language's titles and descriptions, where `languages:` gives them; site.yml's
            // descriptions and footer are the default language's, not shown in another.
            let isDefault = language == settings.languages.first
            config.language = language.code
            config.description = language.description ?? (isDefault ? config.description : nil)
            if !isDefault { config.footer = language.footer }
            for index in config.sections.indices {
                let name = config.sections[index].name
                let own = language.sections[name] ?? language.sections[String(name.drop { $0 == "_" })]
                config.sections[index].title = own?.title ?? config.sections[index].title
                if !isDefault { config.sections[index].description = own?.description }
            }
            for name in language.sections.keys.sorted() where config.section(named: name) == nil {
                config.sections.append(SiteConfig.Section(name: name, title: language.sections[name]?.title, description: language.sections[name]?.description))
            }
            for index in config.categories.indices {
                let own = language.categories[config.categories[index].slug]
                config.categories[index].title = own?.title ?? config.categories[index].title
                if !isDefault { config.categories[index].description = own?.description }
            }
            for slug in language.categories.keys.sorted() where !config.categories.contains(where: { $0.slug == slug }) {
                let own = language.categories[slug]
                config.categories.append(SiteConfig.Category(slug: slug, title: own?.title ?? ReadableName.from(slug), description: own?.description))
            }
        }
        return config
    }
}
