import PanelRenderer

/// Colours, type and shapes the components draw with. A theme file gives a light and a
/// dark palette; the app file picks one. Sizes in points.
public struct Theme: Equatable, Sendable {
    public struct Palette: Equatable, Sendable {
        public var background: Color
        public var card: Color            // drawer, sheet, popup body
        public var barBackground: Color   // popup bar
        public var text: Color
        public var secondaryText: Color
        public var separator: Color
        public var accent: Color
        public var grabber: Color
        public var progressTrack: Color
        public var imagePlaceholder: Color
        public var dimming: Color
        public var shadow: Color
        public var pane: Color            // side drawer pane
        public var drawer: Color          // side drawer menu behind the pane

        public init(background: Color, card: Color, barBackground: Color, text: Color, secondaryText: Color,
                    separator: Color, accent: Color, grabber: Color, progressTrack: Color,
                    imagePlaceholder: Color, dimming: Color, shadow: Color, pane: Color, drawer: Color) {
            self.background = background; self.card = card; self.barBackground = barBackground
            self.text = text; self.secondaryText = secondaryText; self.separator = separator
            self.accent = accent; self.grabber = grabber; self.progressTrack = progressTrack
            self.imagePlaceholder = imagePlaceholder; self.dimming = dimming; self.shadow = shadow
            self.pane = pane; self.drawer = drawer
        }
    }

    public var name: String
    public var palette: Palette
    public var fontPath: String
    public var boldFontPath: String
    public var fallbackFontPaths: [String]
    public var titleSize: Double
    public var bodySize: Double
    public var captionSize: Double
    public var rowHeight: Double
    public var spacing: Double
    public var cornerRadius: Double
    /// Multiplies every component's shadow opacity (0 turns shadows off on slow boards).
    public var shadowStrength: Double

    public init(name: String, palette: Palette, fontPath: String = Theme.dejaVuSans,
                boldFontPath: String = Theme.dejaVuSansBold, fallbackFontPaths: [String] = [Theme.dejaVuSansMono],
                titleSize: Double = 17, bodySize: Double = 16, captionSize: Double = 13,
                rowHeight: Double = 52, spacing: Double = 16, cornerRadius: Double = 13, shadowStrength: Double = 1) {
        self.name = name; self.palette = palette; self.fontPath = fontPath; self.boldFontPath = boldFontPath
        self.fallbackFontPaths = fallbackFontPaths; self.titleSize = titleSize; self.bodySize = bodySize
        self.captionSize = captionSize; self.rowHeight = rowHeight; self.spacing = spacing
        self.cornerRadius = cornerRadius; self.shadowStrength = shadowStrength
    }

    public static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    public static let dejaVuSansMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    public static let lightPalette = Palette(
        background: Color(rgb: 0xF2F2F7), card: Color(rgb: 0xFFFFFF), barBackground: Color(rgb: 0xF9F9FB),
        text: Color(rgb: 0x1C1C1E), secondaryText: Color(rgb: 0x6E6E73), separator: Color(rgb: 0xE5E5EA),
        accent: Color(rgb: 0x007AFF), grabber: Color(rgb: 0xC7C7CC), progressTrack: Color(rgb: 0xD1D1D6),
        imagePlaceholder: Color(rgb: 0x8E8E93), dimming: .black, shadow: .black,
        pane: Color(rgb: 0xFFFFFF), drawer: Color(rgb: 0xE9EEF5))
    public static let darkPalette = Palette(
        background: Color(rgb: 0x000000), card: Color(rgb: 0x1C1C1E), barBackground: Color(rgb: 0x2C2C2E),
        text: Color(rgb: 0xF2F2F7), secondaryText: Color(rgb: 0x98989F), separator: Color(rgb: 0x38383A),
        accent: Color(rgb: 0x0A84FF), grabber: Color(rgb: 0x5A5A5F), progressTrack: Color(rgb: 0x3A3A3C),
        imagePlaceholder: Color(rgb: 0x636366), dimming: .black, shadow: .black,
        pane: Color(rgb: 0x1C1C1E), drawer: Color(rgb: 0x101418))

    public static let light = Theme(name: "light", palette: lightPalette)
    public static let dark = Theme(name: "dark", palette: darkPalette)
}
