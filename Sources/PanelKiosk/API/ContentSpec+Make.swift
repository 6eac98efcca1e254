import PanelRenderer

/// Content made in code, with the app file's defaults (docs/config.md, Content): what a
/// `[content]` table with only the required keys gives. Give `id` to the nodes a program
/// changes later (`Kiosk.set`, the row commands).
extension ContentSpec {
    /// A node of `kind`; `id` unique in the app, `hidden` takes no space.
    public init(_ kind: Kind, id: String? = nil, hidden: Bool = false) {
        self.init(kind, id: id, hidden: hidden, origin: SourcePosition())
    }

    /// A list of rows; `slideMS`: how long rows below an insert or removal take to slide.
    public static func list(_ rows: [Row], id: String? = nil, slideMS: Double = 250) -> ContentSpec {
        ContentSpec(.list(rows: .given(rows), slideMS: slideMS), id: id)
    }

    /// A list showing the rows of the named value `value` (`rows = "{value}"`).
    public static func list(boundTo value: String, id: String? = nil, slideMS: Double = 250) -> ContentSpec {
        ContentSpec(.list(rows: .bound(value), slideMS: slideMS), id: id)
    }

    /// A stack of `children` along `axis`; sizes in points.
    public static func stack(_ children: [ContentSpec], axis: Axis = .vertical, spacing: Double = 8, padding: Double = 16,
                             background: Color? = nil, cornerRadius: Double = 0, align: CrossAlign = .stretch,
                             id: String? = nil) -> ContentSpec {
        ContentSpec(.stack(axis: axis, spacing: spacing, padding: padding, background: background, cornerRadius: cornerRadius,
                           align: align, children: children), id: id)
    }

    /// A label; `text` may show named values as `{name}`. `size` in points (nil: the theme's
    /// body size); `maxLines` 0: as many as it needs.
    public static func label(_ text: String, id: String? = nil, size: Double? = nil, bold: Bool = false, color: Color? = nil,
                             tone: Tone = .primary, align: Align = .start, maxLines: Int = 0) -> ContentSpec {
        ContentSpec(.label(text: text, size: size, bold: bold, color: color, tone: tone, align: align, maxLines: maxLines), id: id)
    }

    /// An image file (PNG); width and height in points (nil: from the image).
    public static func image(_ path: String, id: String? = nil, width: Double? = nil, height: Double? = nil,
                             mode: ImageMode = .fit, cornerRadius: Double = 0) -> ContentSpec {
        ContentSpec(.image(path: path, width: width, height: height, mode: mode, cornerRadius: cornerRadius), id: id)
    }

    /// A button; a tap reports the event `action` with `id` = `action`.
    public static func button(_ title: String, action: String, style: ButtonStyle = .filled, id: String? = nil) -> ContentSpec {
        ContentSpec(.button(title: title, action: action, style: style), id: id)
    }

    /// A progress bar, `value` from 0 to 1.
    public static func progress(_ value: Double, id: String? = nil) -> ContentSpec {
        ContentSpec(.progress(value: value), id: id)
    }

    /// Empty space, `height` points (nil: it takes what is left).
    public static func spacer(height: Double? = nil) -> ContentSpec {
        ContentSpec(.spacer(height: height))
    }

    /// A vertically scrolling viewport `height` points tall (nil: as tall as its content).
    public static func scroll(_ content: ContentSpec, height: Double? = nil, id: String? = nil) -> ContentSpec {
        ContentSpec(.scroll(content, height: height), id: id)
    }
}
