/// Layouts of recently drawn labels, so a UI that redraws the same labels every frame shapes
/// each one once (HarfBuzz shaping costs microseconds per label; a cache hit is one hash of
/// the text).
///
/// Keyed by everything that changes the result: text, face, size, direction, kerning,
/// ligatures, hinting, sub-pixel positioning, max width, max lines, truncation and
/// alignment. Holds at most `capacity` layouts; past that the least recently used quarter
/// is dropped. Entries keep their faces alive. Not thread-safe.
public final class TextLayoutCache {
    private struct Key: Hashable {
        let text: String
        let face: ObjectIdentifier
        let sizePx: Double
        let flags: UInt8          // direction, kerning, ligatures, sub-pixel
        let hinting: GlyphHinting
        let maxWidth: Double?
        let maxLines: Int?
        let truncation: TextTruncation
        let alignment: TextAlignment
    }
    private struct Entry { let layout: TextLayout; var lastUse: UInt64 }

    public let shaper: TextShaper
    public let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    public init(shaper: TextShaper, capacity: Int = 256) {
        self.shaper = shaper
        self.capacity = max(1, capacity)
    }

    /// `shaper.layout(...)` with the same arguments, from the cache when possible.
    public func layout(_ text: String, style: TextStyle, maxWidth: Double? = nil, maxLines: Int? = nil,
                       truncation: TextTruncation = .end, alignment: TextAlignment = .left) -> TextLayout {
        var flags: UInt8 = style.kerning ? 1 : 0
        if style.ligatures { flags |= 2 }
        if style.subpixelPositioning { flags |= 4 }
        switch style.direction {
        case .auto: break
        case .leftToRight: flags |= 8
        case .rightToLeft: flags |= 16
        }
        let key = Key(text: text, face: ObjectIdentifier(style.face), sizePx: style.sizePx, flags: flags,
                      hinting: style.hinting, maxWidth: maxWidth, maxLines: maxLines,
                      truncation: truncation, alignment: alignment)
        clock += 1
        if var e = entries[key] {
            e.lastUse = clock
            entries[key] = e
            return e.layout
        }
        let l = shaper.layout(text, style: style, maxWidth: maxWidth, maxLines: maxLines,
                              truncation: truncation, alignment: alignment)
        if entries.count >= capacity { evictOldestQuarter() }
        entries[key] = Entry(layout: l, lastUse: clock)
        return l
    }

    /// Number of cached layouts.
    public var count: Int { entries.count }
    /// Drops every layout (e.g. after fallback fonts changed).
    public func removeAll() { entries.removeAll() }

    private func evictOldestQuarter() {
        let drop = max(1, capacity / 4)
        let oldest = entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(drop)
        for (k, _) in oldest { entries[k] = nil }
    }
}
