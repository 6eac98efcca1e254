#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// UIScrollView's deceleration rates (docs/components.md, M5): the fraction of velocity kept
/// per millisecond after the finger lifts.
public enum Deceleration: Equatable, Hashable, Sendable {
    /// 0.998: long, gliding (UIScrollView default).
    case normal
    /// 0.99: short (Pulley's drawer scroll view, paging).
    case fast
    case custom(Double)

    public var rate: Double {
        switch self {
        case .normal: return 0.998
        case .fast: return 0.99
        case .custom(let d): return d
        }
    }

    /// Where a body released at `position` (points) with `velocity` (pt/s) comes to rest:
    /// position + (v / 1000) · d / (1 − d) — the discrete geometric sum of per-millisecond
    /// retention, as sheets' `FloatingPoint+Extension.swift` writes it (docs/components.md, M5).
    /// `.fast`: position + 0.099·v; `.normal`: position + 0.499·v.
    public func project(position: Double, velocity ptPerSecond: Double) -> Double {
        let d = rate
        return position + ptPerSecond / 1000 * d / (1 - d)
    }

    /// Exponential decay constant in 1/s: v(t) = v0 · e^(−λ t), λ = −1000 · ln d.
    public var decayPerSecond: Double { -1000 * log(rate) }
}
