/// Geometry values shared by the renderer and the runtime. Units are whatever the caller
/// says: the renderer works in device pixels, DrawerRuntime in points (pt = px / scale).

public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public static let zero = Rect(0, 0, 0, 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var origin: Point { Point(x, y) }
    public var size: Size { Size(width, height) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }
    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x0, y0, x1 - x0, y1 - y0) : .zero
    }
    public func intersects(_ o: Rect) -> Bool { !intersection(o).isEmpty }
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy)
    }
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(x + e.left, y + e.top, width - e.left - e.right, height - e.top - e.bottom)
    }
    /// Scales every coordinate, e.g. points to pixels.
    public func scaled(by s: Double) -> Rect { Rect(x * s, y * s, width * s, height * s) }
    /// The smallest rectangle on whole pixels that contains this one.
    public var integralOutset: IntRect {
        let x0 = Int((x).rounded(.down)), y0 = Int((y).rounded(.down))
        let x1 = Int((maxX).rounded(.up)), y1 = Int((maxY).rounded(.up))
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public static let zero = EdgeInsets()
}

/// A rectangle on the pixel grid (damage regions, clips, sub-surfaces).
public struct IntRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = IntRect(x: 0, y: 0, width: 0, height: 0)
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    public func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return IntRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    public var rect: Rect { Rect(Double(x), Double(y), Double(width), Double(height)) }
}

/// A 2-D affine transform: x' = a*x + c*y + tx, y' = b*x + d*y + ty.
public struct Transform: Equatable, Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    public static func rotation(radians r: Double) -> Transform {
        let cs = _cos(r), sn = _sin(r)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// `self` applied first, then `t`.
    public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id,
                         tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    public var isIdentity: Bool { self == .identity }
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}

#if canImport(Glibc)
import Glibc
@inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Glibc.sin(x) }
@inline(__always) func _tan(_ x: Double) -> Double { Glibc.tan(x) }
#else
import Foundation
@inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { Foundation.sin(x) }
@inline(__always) func _tan(_ x: Double) -> Double { Foundation.tan(x) }
#endif
