extension StaticAssets {
    /// `public/`'s files as built into the binary (`Package.swift` embeds the folder); a file added there is listed
    /// here too, or a test says which is missing.
    static let builtIn: [String: [UInt8]] = [
        "endless.js": PackageResources.endless_js,
        "endless.css": PackageResources.endless_css,
        "page.js": PackageResources.page_js,
        "custom-elements.json": PackageResources.custom_elements_json,
        "endless.d.ts": PackageResources.endless_d_ts,
    ]

    /// The page's template, built in beside `public/`.
    static let indexTemplate = String(decoding: PackageResources.index_mustache, as: UTF8.self)
}
