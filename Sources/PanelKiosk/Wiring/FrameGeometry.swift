import PanelRenderer

/// The frame's size in pixels and the points-to-pixels scale, from a board file or --size.
package struct FrameGeometry: Equatable {
    package var widthPx: Int
    package var heightPx: Int
    var scale: Double
    package var board: BoardConfig

    var sizePt: Size { Size(Double(widthPx) / scale, Double(heightPx) / scale) }

    /// Points per millimetre when the board gives the panel's physical size.
    var pointsPerMM: Double? {
        guard let mm = board.physicalMM, mm.width > 0 else { return nil }
        return sizePt.width / mm.width
    }

    package static func resolve(board path: String?, size: String?, scale: Double?) throws -> FrameGeometry {
        if let path {
            let board: BoardConfig
            do { board = try BoardConfig.load(path: path) } catch { throw Failure(error.description) }
            guard let mode = board.mode else {
                throw Failure("\(path): [display] mode is 'auto'; offscreen rendering needs a size (set mode = \"WxH@Hz\" or use --size)")
            }
            // A rotated panel shows the UI sideways: the UI's frame swaps width and height.
            let swap = board.rotation == .r90 || board.rotation == .r270
            return FrameGeometry(widthPx: swap ? mode.height : mode.width, heightPx: swap ? mode.width : mode.height,
                                 scale: board.scale, board: board)
        }
        var g = FrameGeometry(widthPx: 800, heightPx: 480, scale: scale ?? 1, board: .offscreenDefault)
        if let size {
            guard let m = BoardConfig.parseMode(size), m.refreshHz == nil else {
                let sides = size.split(separator: "x", omittingEmptySubsequences: false)
                if sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }) {
                    // All digits, yet not a size: a side of 0 or one past the limit (0x0 said
                    // "at most 8192 px", which is not what was wrong).
                    if sides.contains(where: { $0.allSatisfy { $0 == "0" } }) {
                        throw Failure("--size \(size): a side must be at least 1 px")
                    }
                    throw Failure("--size \(size): a side is at most \(PixelBudget.maxSide) px")
                }
                throw Failure("--size must be WIDTHxHEIGHT in pixels, e.g. 800x480; got '\(size)'")
            }
            if let why = PixelBudget.refusal(width: m.width, height: m.height) { throw Failure("--size \(size): \(why)") }
            g.widthPx = m.width; g.heightPx = m.height
        }
        return g
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
