/// An sRGB colour with straight (not premultiplied) 8-bit channels, as written in files
/// (`#RRGGBB`, `#RRGGBBAA`). Pixels in memory are premultiplied; see `premultiplied`.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// `0xRRGGBB`, opaque.
    public init(rgb: UInt32) {
        self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
    }
    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        guard s.allSatisfy({ $0.isHexDigit }) else { return nil }
        switch s.count {
        case 3:
            let v = s.map { UInt8(String($0), radix: 16)! * 17 }
            self.init(r: v[0], g: v[1], b: v[2])
        case 6, 8:
            guard let v = UInt32(s, radix: 16) else { return nil }
            if s.count == 6 { self.init(rgb: v) } else {
                self.init(r: UInt8(v >> 24), g: UInt8((v >> 16) & 0xFF),
                          b: UInt8((v >> 8) & 0xFF), a: UInt8(v & 0xFF))
            }
        default: return nil
        }
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        let o = min(max(opacity, 0), 1)
        return Color(r: r, g: g, b: b, a: UInt8((Double(a) * o).rounded()))
    }

    /// Premultiplied ARGB32 word `0xAARRGGBB`, the in-memory pixel format.
    public var premultiplied: UInt32 {
        let a32 = UInt32(a)
        return (a32 << 24) | (mulDiv255(UInt32(r), a32) << 16)
            | (mulDiv255(UInt32(g), a32) << 8) | mulDiv255(UInt32(b), a32)
    }

    /// Linear interpolation per channel in 8-bit sRGB values (as cairo does for gradients).
    public static func mix(_ p: Color, _ q: Color, _ t: Double) -> Color {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8(min(255, max(0, (Double(x) + (Double(y) - Double(x)) * t).rounded())))
        }
        return Color(r: m(p.r, q.r), g: m(p.g, q.g), b: m(p.b, q.b), a: m(p.a, q.a))
    }
}

/// (x * y) / 255, rounded, for 8-bit values: the blend primitive.
@inline(__always)
package func mulDiv255(_ x: UInt32, _ y: UInt32) -> UInt32 {
    let t = x &* y &+ 128
    return (t &+ (t >> 8)) >> 8
}
