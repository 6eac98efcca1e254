import PanelRenderer

/// The appearance's keys, one spelling for the app file's `[component.appearance]`, the
/// control socket's `set_popup_appearance` and a touch script's `set_appearance` words
/// (docs/components.md, Popup bar PB30).
extension PopupBarAppearance {
    /// Every key, in the order the docs list them.
    public static let keys = ["title_size", "title_weight", "title_color", "subtitle_size", "subtitle_weight",
                              "subtitle_color", "background", "shadow_color", "shadow_blur", "shadow_offset", "frosted"]
    /// Font sizes a bar takes (pt): smaller is unreadable on a kiosk, larger leaves the bar.
    public static let fontSizes: ClosedRange<Double> = 6...40
    /// Shadow blur radii a bar takes (pt).
    public static let shadowBlurs: ClosedRange<Double> = 0...64
    /// The default floating shadow, which `shadow_*` keys adjust one part at a time.
    public static let defaultShadow = PopupBarShadow(color: Color.black.withOpacity(0.17), blur: 12, offset: Point(0, 8))

    /// One key set from a word (`set_appearance title_size 17`) or the text of a value.
    /// Throws a message naming the key and what it takes.
    public mutating func set(_ key: String, word: String) throws(ActionError) {
        func number(_ range: ClosedRange<Double>) throws(ActionError) -> Double {
            guard let v = Double(word), v.isFinite, range.contains(v) else {
                throw ActionError("\(key) is '\(word)'; it takes a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
            }
            return v
        }
        // The '#' may be left out: it starts a comment on a touch-script line.
        func color() throws(ActionError) -> Color {
            guard let c = Color(hex: word.hasPrefix("#") ? word : "#" + word) else {
                throw ActionError("\(key) is '\(word)'; it takes a colour in hex, RRGGBB or RRGGBBAA (the '#' may be left out)")
            }
            return c
        }
        func weight() throws(ActionError) -> PopupFontWeight {
            guard let w = PopupFontWeight(rawValue: word) else {
                throw ActionError("\(key) is '\(word)'; it takes \(PopupFontWeight.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return w
        }
        var shadow = self.shadow ?? Self.defaultShadow
        switch key {
        case "title_size": titleSize = try number(Self.fontSizes)
        case "title_weight": titleWeight = try weight()
        case "title_color": titleColor = try color()
        case "subtitle_size": subtitleSize = try number(Self.fontSizes)
        case "subtitle_weight": subtitleWeight = try weight()
        case "subtitle_color": subtitleColor = try color()
        case "background": backgroundColor = try color()
        case "shadow_color": shadow.color = try color(); self.shadow = shadow
        case "shadow_blur": shadow.blur = try number(Self.shadowBlurs); self.shadow = shadow
        case "shadow_offset":
            let parts = word.split(separator: ",").map { Double($0) }
            guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, abs(x) <= 100, abs(y) <= 100 else {
                throw ActionError("shadow_offset is '\(word)'; it takes x,y in points, such as 0,8 (each -100 to 100)")
            }
            shadow.offset = Point(x, y)
            self.shadow = shadow
        case "frosted":
            guard let b = Bool(word) else { throw ActionError("frosted is '\(word)'; it takes true or false") }
            frosted = b
        default:
            let hint = Suggestion.nearest(key, in: Self.keys).map { " (did you mean '\($0)'?)" } ?? ""
            throw ActionError("the bar's appearance has no '\(key)'\(hint); it takes \(Self.keys.joined(separator: ", "))")
        }
    }

    /// A touch script's `set_appearance <key> <value> ...`: key and value pairs.
    public static func parse(words: [String]) throws(ActionError) -> PopupBarAppearance {
        guard !words.isEmpty, words.count % 2 == 0 else {
            throw ActionError("set_appearance takes key and value pairs, such as 'title_size 17 title_color #FFD60A'")
        }
        var a = PopupBarAppearance()
        var seen: Set<String> = []
        for i in stride(from: 0, to: words.count, by: 2) {
            guard seen.insert(words[i]).inserted else { throw ActionError("set_appearance: '\(words[i])' is said twice") }
            try a.set(words[i], word: words[i + 1])
        }
        return a
    }

    private static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
