/// Greedy line breaking and end truncation for `TextShaper.layout`.
extension TextShaper {
    static func isSpace(_ v: UInt32) -> Bool { v == 0x20 || v == 0x09 || v == 0xA0 || v == 0x3000 || (0x2000...0x200B).contains(v) }

    func trimTrailingSpaces(_ scalars: [UInt32], _ r: Range<Int>) -> Range<Int> {
        var e = r.upperBound
        while e > r.lowerBound && Self.isSpace(scalars[e - 1]) { e -= 1 }
        return r.lowerBound..<e
    }

    /// Break opportunities inside `para`: positions after a run of spaces, or after a hyphen
    /// followed by a letter (UAX #14 in miniature).
    private func breakPoints(_ scalars: [UInt32], _ para: Range<Int>) -> [Int] {
        var out: [Int] = []
        var i = para.lowerBound + 1
        while i < para.upperBound {
            let prev = scalars[i - 1], cur = scalars[i]
            if Self.isSpace(prev) && !Self.isSpace(cur) { out.append(i) }
            else if (prev == 0x2D || prev == 0x2010) && !Self.isSpace(cur) && i - 1 > para.lowerBound
                        && !Self.isSpace(scalars[i - 2]) { out.append(i) }
            i += 1
        }
        out.append(para.upperBound)
        return out
    }

    /// Line ranges of `para` no wider than `maxWidth` (trailing spaces not counted), using
    /// the advances of the paragraph shaped once, then checked by shaping each line.
    func breakLines(_ scalars: [UInt32], _ para: Range<Int>, style: TextStyle, paragraphRTL: Bool,
                    maxWidth: Double) -> [Range<Int>] {
        guard !para.isEmpty else { return [para] }
        let adv = scalarAdvances(scalars, para, style: style, paragraphRTL: paragraphRTL)
        func width(_ r: Range<Int>) -> Double {
            let t = trimTrailingSpaces(scalars, r)
            var w = 0.0
            for i in t { w += adv[i - para.lowerBound] }
            return w
        }
        func fitsShaped(_ r: Range<Int>) -> Bool {
            shapeLine(scalars, trimTrailingSpaces(scalars, r), style: style, paragraphRTL: paragraphRTL).width <= maxWidth + 1e-9
        }
        let breaks = breakPoints(scalars, para)
        var lines: [Range<Int>] = []
        var lineStart = para.lowerBound
        var bi = 0
        while lineStart < para.upperBound {
            // Extend the line word by word while it fits.
            var end = lineStart
            while bi < breaks.count && breaks[bi] <= lineStart { bi += 1 }
            var j = bi
            while j < breaks.count && width(lineStart..<breaks[j]) <= maxWidth { end = breaks[j]; j += 1 }
            // Kerning lost or gained at the new line edges can change the width: verify.
            while end > lineStart && !fitsShaped(lineStart..<end) {
                var k = j - 1
                while k >= bi && breaks[k] >= end { k -= 1 }
                end = k >= bi && breaks[k] > lineStart ? breaks[k] : lineStart
            }
            if end == lineStart {
                // Not even one word fits: break the word between characters.
                end = lineStart + 1
                let wordEnd = bi < breaks.count ? breaks[bi] : para.upperBound
                while end < wordEnd && width(lineStart..<(end + 1)) <= maxWidth { end += 1 }
                while end > lineStart + 1 && !fitsShaped(lineStart..<end) { end -= 1 }
                // Keep combining marks with their base character.
                while end < para.upperBound, let s = Unicode.Scalar(scalars[end]),
                      s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark {
                    end += 1
                }
            }
            lines.append(lineStart..<end)
            lineStart = end
        }
        return lines
    }

    /// The longest prefix of `range` plus an ellipsis that fits `maxWidth`, shaped. With
    /// `forceEllipsis` (lines were dropped) the ellipsis is added even if all of `range` fits.
    func truncatedLine(_ scalars: [UInt32], _ range: Range<Int>, style: TextStyle, paragraphRTL: Bool,
                       maxWidth: Double, forceEllipsis: Bool) -> ShapedLine {
        let faces = [style.face] + (library?.fallbacks ?? []) + fallbacks
        let hasEllipsis = faces.contains { $0.glyphIndex(for: "\u{2026}") != nil }
        let ellipsis: [UInt32] = hasEllipsis ? [0x2026] : [0x2E, 0x2E, 0x2E]
        // Only the current paragraph's text before the cut matters.
        var end = range.upperBound
        for i in range where [0x0A, 0x0D, 0x2028, 0x2029].contains(scalars[i]) { end = i; break }
        func candidate(_ e: Int) -> ShapedLine {
            let kept = trimTrailingSpaces(scalars, range.lowerBound..<e)
            let text = Array(scalars[kept]) + ellipsis
            var line = shapeLine(text, 0..<text.count, style: style, paragraphRTL: paragraphRTL)
            line.range = kept
            line.isTruncated = true
            return line
        }
        if !forceEllipsis {
            let whole = shapeLine(scalars, trimTrailingSpaces(scalars, range.lowerBound..<end), style: style, paragraphRTL: paragraphRTL)
            if whole.width <= maxWidth { return whole }
        }
        // Binary search the longest prefix (by scalars) that fits with the ellipsis.
        var lo = range.lowerBound, hi = end
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if candidate(mid).width <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        // Do not end inside a cluster of marks.
        var e = lo
        while e > range.lowerBound && e < end,
              let s = Unicode.Scalar(scalars[e]), s.properties.generalCategory == .nonspacingMark { e -= 1 }
        let line = candidate(e)
        // If even the ellipsis alone is too wide, show nothing rather than overflow.
        if line.width > maxWidth {
            return ShapedLine(glyphs: [], width: 0, range: range.lowerBound..<range.lowerBound,
                              isRightToLeft: paragraphRTL, isTruncated: true)
        }
        return line
    }
}
