import DrawerRuntime
import PanelRenderer

/// A theme file: fonts, sizes and a light and a dark palette (docs/config.md).
package enum ThemeFile {
    static let paletteKeys = ["background", "card", "bar_background", "text", "secondary_text", "separator",
                              "accent", "grabber", "progress_track", "image_placeholder", "dimming", "shadow",
                              "pane", "drawer"]

    package static func load(path: String, appearance: String) throws(DiagnosticList) -> Theme {
        try ConfigLoader.validated(path: path) { parse($0, appearance: appearance, sink: $1) }
    }

    package static func parse(_ root: ConfigNode, appearance: String, sink: DiagnosticSink) -> Theme {
        var theme = appearance == "dark" ? Theme.dark : Theme.light
        guard var top = TableReader(root, name: "", sink: sink) else { return theme }
        theme.name = top.string("name", default: "custom")
        if var f = top.table("fonts") {
            // Font paths are relative to the theme file, as every path in our files is to the
            // file that names it; each face is loaded, so `check` finds what `run` would not load.
            let base = directory(of: root.file)
            for (key, setter) in [("regular", \Theme.fontPath), ("bold", \Theme.boldFontPath)] as [(String, WritableKeyPath<Theme, String>)] {
                if let given = f.string(key), let node = f.raw(key) {
                    let p = resolve(given, base)
                    let before = sink.items.count
                    checkFont(p, key: key, node, sink)
                    if sink.items.count == before { theme[keyPath: setter] = p }
                }
            }
            if let fb = f.strings("fallbacks"), let node = f.raw("fallbacks") {
                let paths = fb.map { resolve($0, base) }
                for p in paths { checkFont(p, key: "fallbacks", node, sink) }
                theme.fallbackFontPaths = paths
            }
            f.finish()
        }
        if var s = top.table("sizes") {
            theme.titleSize = s.double("title", default: theme.titleSize, range: 4...200)
            theme.bodySize = s.double("body", default: theme.bodySize, range: 4...200)
            theme.captionSize = s.double("caption", default: theme.captionSize, range: 4...200)
            theme.rowHeight = s.double("row_height", default: theme.rowHeight, range: 16...400)
            theme.spacing = s.double("spacing", default: theme.spacing, range: 0...200)
            theme.cornerRadius = s.double("corner_radius", default: theme.cornerRadius, range: 0...200)
            theme.shadowStrength = s.double("shadow_strength", default: theme.shadowStrength, range: 0...4)
            s.finish()
        }
        for mode in ["light", "dark"] {
            guard var p = top.table(mode) else { continue }
            var palette = mode == "dark" ? Theme.darkPalette : Theme.lightPalette
            let paths: [WritableKeyPath<Theme.Palette, Color>] = [\.background, \.card, \.barBackground, \.text,
                \.secondaryText, \.separator, \.accent, \.grabber, \.progressTrack, \.imagePlaceholder,
                \.dimming, \.shadow, \.pane, \.drawer]
            for (key, path) in zip(paletteKeys, paths) {
                if let c = p.color(key) { palette[keyPath: path] = c }
            }
            p.finish()
            if mode == appearance { theme.palette = palette }
        }
        top.finish()
        return theme
    }
}

#if canImport(Glibc)
import Glibc
#endif
