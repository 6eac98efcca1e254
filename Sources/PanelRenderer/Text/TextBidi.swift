/// A deliberately small subset of the Unicode bidirectional algorithm (UAX #9) for single
/// UI labels: strong classes from the script blocks, neutrals resolved from their strong
/// neighbours (rules N1/N2), levels 0..2 and rule L2 reordering of runs. No explicit
/// embeddings, isolates or mirroring; enough for a Hebrew or Arabic label, or a Latin label
/// with an RTL name in it.
enum BidiClass: UInt8 { case leftToRight, rightToLeft, neutral }

/// Writing direction of a paragraph or run.
public enum TextDirection: Sendable, Equatable {
    /// From the first strong character (left-to-right if there is none).
    case auto
    case leftToRight
    case rightToLeft
}

enum Bidi {
    /// Strong direction of a scalar: R for Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic and their presentation forms; L for other letters and for digits (numbers
    /// keep their left-to-right order inside RTL text); neutral for spaces and punctuation.
    static func classify(_ v: UInt32) -> BidiClass {
        if v < 0x80 {  // ASCII fast path: letters and digits are L, the rest neutral
            let lower = v | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (v >= 0x30 && v <= 0x39) ? .leftToRight : .neutral
        }
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            // Arabic-Indic digits are numbers too: keep them LTR like European digits.
            if (0x0660...0x0669).contains(v) || (0x06F0...0x06F9).contains(v) { return .leftToRight }
            return .rightToLeft
        default:
            guard let s = Unicode.Scalar(v) else { return .neutral }
            return s.properties.isAlphabetic ? .leftToRight : .neutral
        }
    }

    static func paragraphIsRTL(_ scalars: ArraySlice<UInt32>, _ direction: TextDirection) -> Bool {
        switch direction {
        case .leftToRight: return false
        case .rightToLeft: return true
        case .auto:
            for v in scalars {
                switch classify(v) {
                case .leftToRight: return false
                case .rightToLeft: return true
                case .neutral: continue
                }
            }
            return false
        }
    }

    /// Per-scalar RTL flags after resolving neutrals: a neutral between two strongs of the
    /// same direction takes it, otherwise the paragraph direction (N1, N2).
    static func resolve(_ scalars: ArraySlice<UInt32>, paragraphRTL: Bool) -> [Bool] {
        let classes = scalars.map(classify)
        var rtl = [Bool](repeating: paragraphRTL, count: classes.count)
        var i = 0
        while i < classes.count {
            switch classes[i] {
            case .leftToRight: rtl[i] = false; i += 1
            case .rightToLeft: rtl[i] = true; i += 1
            case .neutral:
                var j = i
                while j < classes.count && classes[j] == .neutral { j += 1 }
                let before = i > 0 ? classes[i - 1] == .rightToLeft : paragraphRTL
                let after = j < classes.count ? classes[j] == .rightToLeft : paragraphRTL
                let dir = before == after ? before : paragraphRTL
                for k in i..<j { rtl[k] = dir }
                i = j
            }
        }
        return rtl
    }

    /// Visual order of runs with the given embedding levels (rule L2: from the highest
    /// level down to the lowest odd level, reverse every maximal sequence at or above it).
    static func visualOrder(levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let maxLevel = levels.max() else { return order }
        let minOdd = levels.filter { $0 % 2 == 1 }.min() ?? (maxLevel + 1)
        var level = maxLevel
        while level >= minOdd && level > 0 {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else { i += 1 }
            }
            level -= 1
        }
        return order
    }
}
