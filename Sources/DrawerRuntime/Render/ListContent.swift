import PanelRenderer

/// A list of rows (title, optional subtitle and icon, optional action) as a `ContentView`:
/// what drawers and sheets show most. Rows have the theme's row height; only rows inside
/// the visible band are drawn.
public final class ListContent: SlidingContent {
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

    /// The slide of the rows below an insert or removal into place, while it runs: rows
    /// from `fromRow` (in the new rows) start `rows` rows from their place (negative: above).
    private var slide: (fromRow: Int, rows: Double, timing: ContentSlide)?
    /// Rows from `fromRow` on are drawn `rows` rows away from their place, as the slide has
    /// them at the last `advance`.
    private(set) var rowShift: (fromRow: Int, rows: Double)?
    /// The rows as they were before the changes not yet anchored (`anchoredScrollOffset`):
    /// the scroll offset the component holds still refers to them.
    private var rowsBeforeChange: [Row]?

    /// Shows `newRows`; returns the area that changed (content points, unscrolled): the rows
    /// that differ, and everything below the first difference when the count changed.
    public func replace(rows newRows: [Row]) -> Rect {
        let old = rows
        if rowsBeforeChange == nil, old != newRows { rowsBeforeChange = old }
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

    /// The rows below the first row that changed slide by as many rows as were inserted
    /// (from above their place) or removed (from below it).
    public func slideAfterRowChange(durationMS: Double, at time: Instant) {
        guard let old = rowsBeforeChange else { return }
        let moved = rows.count - old.count
        guard durationMS > 0, moved != 0 else {
            slide = nil
            rowShift = nil
            return
        }
        var common = 0
        while common < min(old.count, rows.count), old[common] == rows[common] { common += 1 }
        let from = common + max(moved, 0)
        // Rows only added at the end (a feed): nothing below them moves.
        guard from < rows.count else {
            slide = nil
            rowShift = nil
            return
        }
        slide = (from, -Double(moved), ContentSlide(start: time, durationMS: durationMS))
        advance(to: time)
    }

    public var isSliding: Bool { slide != nil }

    public func changeShown() { rowsBeforeChange = nil }

    public func advance(to time: Instant) {
        guard let s = slide else { return }
        if time >= s.timing.end {
            slide = nil
            rowShift = nil
        } else {
            rowShift = (s.fromRow, s.rows * s.timing.remaining(at: time))
        }
    }

    /// Keeps the row that was at the top of the viewport there when rows were inserted or
    /// removed above it: that row is looked up in the new rows (the nearest equal row to its
    /// old place; rows that look the same are the same to whoever reads the screen) and the
    /// offset moves with it. A list scrolled to its very top stays there, so new rows at the
    /// top show. When the offset moves, the rows on screen stay where they are, so the slide
    /// (made for rows that move on screen) is dropped.
    public func anchoredScrollOffset(_ offset: Double, viewportHeight: Double) -> Double {
        var anchored = offset
        if let old = rowsBeforeChange, offset > 0, rowHeight > 0 {
            let k = Int(offset / rowHeight)
            if k < old.count, let j = Self.nearest(old[k], to: k, in: rows), j != k {
                anchored += Double(j - k) * rowHeight
                slide = nil
                rowShift = nil
            }
        }
        rowsBeforeChange = nil
        return min(max(anchored, 0), maxScrollOffset(viewportHeight: viewportHeight))
    }

    /// The index of the row equal to `row` nearest to `index` in `rows` (the earlier on a tie).
    private static func nearest(_ row: Row, to index: Int, in rows: [Row]) -> Int? {
        if index < rows.count, rows[index] == row { return index }
        var d = 1
        while index - d >= 0 || index + d < rows.count {
            if index - d >= 0, index - d < rows.count, rows[index - d] == row { return index - d }
            if index + d < rows.count, rows[index + d] == row { return index + d }
            d += 1
        }
        return nil
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
