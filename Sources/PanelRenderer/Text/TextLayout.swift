/// Horizontal placement of each line inside the layout box.
public enum TextAlignment: Sendable, Equatable {
    case left, center, right
    /// Left for left-to-right paragraphs, right for right-to-left ones (per line).
    case leading
    /// Right for left-to-right paragraphs, left for right-to-left ones (per line).
    case trailing
}

/// What happens to text that does not fit `maxWidth` (single line) or `maxLines`.
public enum TextTruncation: Sendable, Equatable {
    /// Lines are cut at the last line; the last line may be wider than `maxWidth`.
    case none
    /// The last visible line ends in "…" (or "..." when no face has U+2026) and fits.
    case end
}

/// Shaped, wrapped, aligned text ready to draw. The box's top-left is the `origin` passed
/// to `draw`; the first baseline is `firstBaseline` px below it.
public struct TextLayout {
    public let lines: [ShapedLine]
    public let metrics: FontMetrics
    public let alignment: TextAlignment
    /// Width lines are aligned in: `maxWidth` when one was given, else the widest line.
    public let boxWidth: Double
    /// The style the lines were shaped with (its face draws and owns the scratch buffers).
    public let style: TextStyle

    /// Widest line, px.
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }
    /// Height of the box: line count * line height, px.
    public var height: Double { Double(lines.count) * metrics.lineHeight }
    public var size: Size { Size(width, height) }
    /// Distance from the box top to the first baseline, px.
    public var firstBaseline: Double { metrics.ascent }
    /// Distance from the box top to line `i`'s baseline, px.
    public func baseline(ofLine i: Int) -> Double { metrics.ascent + Double(i) * metrics.lineHeight }
    /// Distance from the box top to the last line's baseline, px.
    public var lastBaseline: Double { baseline(ofLine: max(0, lines.count - 1)) }
    /// Left edge of line `i` inside the box, px, from `alignment`.
    public func lineX(_ i: Int) -> Double {
        let free = boxWidth - lines[i].width
        switch alignment {
        case .left: return 0
        case .center: return free / 2
        case .right: return free
        case .leading: return lines[i].isRightToLeft ? free : 0
        case .trailing: return lines[i].isRightToLeft ? 0 : free
        }
    }
    /// The box origin that puts the first baseline at `baseline` (e.g. to align a label's
    /// baseline with an icon or with another label).
    public func origin(forFirstBaseline baseline: Point) -> Point {
        Point(baseline.x, baseline.y - firstBaseline)
    }
    /// The box origin that centres the text's ink-independent box (ascent + descent of one
    /// line, or all lines) vertically in `rect`, left edge at rect.minX.
    public func origin(centeredIn rect: Rect) -> Point {
        let h = lines.count <= 1 ? metrics.ascent + metrics.descent : height
        return Point(rect.minX, rect.minY + (rect.height - h) / 2)
    }
    /// Direction of the first paragraph, e.g. to mirror an icon and insets for RTL labels.
    public var isRightToLeft: Bool { lines.first?.isRightToLeft ?? false }
    /// True when an ellipsis replaced text or lines were dropped.
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }
}

extension TextShaper {
    /// Shapes `text` and lays it out in lines.
    ///
    /// - Parameters:
    ///   - maxWidth: wrap width, px; nil = one line per paragraph ("\n" separates paragraphs).
    ///     Lines break after spaces and hyphens; a word wider than the limit breaks between
    ///     characters. No line is wider than `maxWidth` unless one character alone is.
    ///   - maxLines: at most this many lines; with `.end` truncation the last one ends in an
    ///     ellipsis when text was cut (nil = unlimited).
    ///   - truncation: with `.end` and no wrapping (`maxLines == 1` or a single line), text
    ///     wider than `maxWidth` is cut and gets an ellipsis.
    public func layout(_ text: String, style: TextStyle, maxWidth: Double? = nil, maxLines: Int? = nil,
                       truncation: TextTruncation = .end, alignment: TextAlignment = .left) -> TextLayout {
        let scalars = text.unicodeScalars.map(\.value)
        let limit = maxWidth.map { max(0, $0) }
        var lines: [ShapedLine] = []
        var cut = false
        // Paragraphs split at LF / CR / LS / PS.
        var start = 0
        var paragraphs: [Range<Int>] = []
        for (i, v) in scalars.enumerated() where v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 {
            if v == 0x0A && i > 0 && scalars[i - 1] == 0x0D { start = i + 1; continue }  // CRLF
            paragraphs.append(start..<i); start = i + 1
        }
        paragraphs.append(start..<scalars.count)

        outer: for para in paragraphs {
            let rtl = Bidi.paragraphIsRTL(scalars[para], style.direction)
            let ranges: [Range<Int>]
            if let limit, maxLines != 1 {
                ranges = breakLines(scalars, para, style: style, paragraphRTL: rtl, maxWidth: limit)
            } else {
                ranges = [para]
            }
            for r in ranges {
                if let maxLines, lines.count == maxLines { cut = true; break outer }
                lines.append(shapeLine(scalars, trimTrailingSpaces(scalars, r), style: style, paragraphRTL: rtl))
            }
        }
        if lines.isEmpty { lines = [ShapedLine(glyphs: [], width: 0, range: 0..<0, isRightToLeft: false, isTruncated: false)] }

        if truncation == .end, let last = lines.indices.last {
            let rtl = lines[last].isRightToLeft
            if cut || (limit.map { lines[last].width > $0 } ?? false) {
                let end = cut ? scalars.count : lines[last].range.upperBound
                lines[last] = truncatedLine(scalars, lines[last].range.lowerBound..<end, style: style,
                                            paragraphRTL: rtl, maxWidth: limit ?? lines[last].width, forceEllipsis: cut)
            }
        }
        let box = limit ?? lines.reduce(0) { max($0, $1.width) }
        return TextLayout(lines: lines, metrics: style.face.metrics(sizePx: style.sizePx),
                          alignment: alignment, boxWidth: box, style: style)
    }
}
