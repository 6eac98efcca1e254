import PanelRenderer

/// A list of rows (title, optional subtitle and icon, optional action) as a `ContentView`:
/// what drawers and sheets show most. Rows have the theme's row height; only rows inside
/// the visible band are drawn.
public final class ListContent: ContentView {
    public struct Row: Equatable, Sendable {
        public var title: String
        public var subtitle: String?
        public var icon: Pixmap?
        public var action: String?
        public init(title: String, subtitle: String? = nil, icon: Pixmap? = nil, action: String? = nil) {
            self.title = title; self.subtitle = subtitle; self.icon = icon; self.action = action
        }
        public static func == (a: Row, b: Row) -> Bool {
            a.title == b.title && a.subtitle == b.subtitle && a.icon === b.icon && a.action == b.action
        }
    }

    public var rows: [Row]
    let text: TextRenderer
    private var rowHeight = 52.0
    private var width = 0.0

    public init(rows: [Row], text: TextRenderer) {
        self.rows = rows
        self.text = text
    }

    /// Rows from `fromRow` on are drawn `rows` rows away from their place (negative: above
    /// it): the slide of the rows below an insert or removal into place.
    public var rowShift: (fromRow: Int, rows: Double)?

    /// Shows `newRows`; returns the area that changed (content points, unscrolled): the rows
    /// that differ, and everything below the first difference when the count changed.
    public func replace(rows newRows: [Row]) -> Rect {
        let old = rows
        rows = newRows
        let common = min(old.count, newRows.count)
        var first: Int?, last = -1
        for i in 0..<common where old[i] != newRows[i] {
            first = first ?? i
            last = i
        }
        if old.count != newRows.count {
            first = first ?? common
            last = max(old.count, newRows.count) - 1
        }
        guard let first else { return .zero }
        return Rect(0, Double(first) * rowHeight, width, Double(last - first + 1) * rowHeight)
    }

    public func layout(width: Double, env: Environment) -> Double {
        self.width = width
        rowHeight = env.theme.rowHeight
        return Double(rows.count) * rowHeight
    }

    public func maxScrollOffset(viewportHeight: Double) -> Double {
        max(0, Double(rows.count) * rowHeight - viewportHeight)
    }

    public func action(at p: Point) -> String? {
        row(at: p).flatMap { rows[$0].action }
    }

    private func row(at p: Point) -> Int? {
        guard p.y >= 0, p.x >= 0, p.x <= width, rowHeight > 0 else { return nil }
        let i = Int(p.y / rowHeight)
        return i < rows.count ? i : nil
    }

    /// The row a finger holds, drawn with the pressed veil under its text.
    private var pressedRow: Int?

    public func setPressed(at p: Point?) {
        pressedRow = p.flatMap { row(at: $0) }.flatMap { rows[$0].action != nil ? $0 : nil }
    }

    public func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {
        let theme = env.theme, pal = theme.palette
        let pad = theme.spacing
        // A slide moves rows by up to its whole distance: draw that many more at the edges.
        let slack = rowShift.map { Int(abs($0.rows).rounded(.up)) } ?? 0
        let first = max(0, Int(scrollOffset / rowHeight) - slack)
        let last = min(rows.count, Int((scrollOffset + size.height) / rowHeight) + 2 + slack)
        guard first < last else { return }
        for i in first..<last {
            let row = rows[i]
            var top = Double(i) * rowHeight - scrollOffset
            if let shift = rowShift, i >= shift.fromRow { top += shift.rows * rowHeight }
            if i == pressedRow {
                canvas.fillRect(Rect(0, top, size.width, rowHeight), .solid(pal.text.withOpacity(0.12)))
            }
            var x = pad
            let iconSize = rowHeight - 16
            if let icon = row.icon {
                let r = env.isRTL ? Rect(size.width - pad - iconSize, top + 8, iconSize, iconSize)
                                  : Rect(x, top + 8, iconSize, iconSize)
                canvas.drawImage(icon, in: r)
                x += iconSize + 12
            }
            let textWidth = size.width - x - pad
            let originX = env.isRTL ? pad : x
            if let sub = row.subtitle {
                text.draw(row.title, in: canvas, at: Point(originX, top + rowHeight * 0.45), sizePt: theme.bodySize,
                          color: pal.text, maxWidth: textWidth, rtl: env.isRTL)
                text.draw(sub, in: canvas, at: Point(originX, top + rowHeight * 0.45 + theme.captionSize + 4),
                          sizePt: theme.captionSize, color: pal.secondaryText, maxWidth: textWidth, rtl: env.isRTL)
            } else {
                text.draw(row.title, in: canvas, at: Point(originX, top + rowHeight / 2 + theme.bodySize * 0.35),
                          sizePt: theme.bodySize, color: pal.text, maxWidth: textWidth, rtl: env.isRTL)
            }
            let sepX = env.isRTL ? 0 : x
            canvas.fillRect(Rect(sepX, top + rowHeight - 1, size.width - x, 1), .solid(pal.separator))
        }
    }
}
