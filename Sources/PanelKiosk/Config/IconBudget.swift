/// What the icons of one list may cost to decode, checked from their PNG headers before any
/// is decoded: by `check` (per list and per `[values]` array), per socket command and per
/// list built.
///
/// An icon is decoded whole on the loop thread and then scaled down to at most
/// `ImageLoader.iconSidePx`, so a 4096x4096 icon cost 0.35 s for a 256 px picture; a list of
/// 60 such rows held the first frame back 21 s, and a socket command of 30 blocked the loop
/// 6 s (the watchdog stops the kiosk at 10). A side limit alone still let 1000 rows of
/// distinct icons cost seconds, so the distinct files of one list share a pixel total too.
struct IconBudget {
    /// Longest side of an icon file, px: four times the most it is drawn at.
    static let maxSide = 1024
    /// Pixels the distinct icon files of one list may hold together: one full image's
    /// budget (16 megapixels, 16 icons of 1024x1024 or 256 of 256x256).
    static let maxPixels = 1 << 24

    private var counted: Set<String> = []
    private(set) var pixels = 0

    /// nil when the icon at `path`, `width` x `height` px, fits (a path already counted is
    /// free: it is decoded once); otherwise why not, for a message after the path.
    mutating func refusal(path: String, width: Int, height: Int) -> String? {
        if width > Self.maxSide || height > Self.maxSide {
            return "a PNG of \(width)x\(height) px is over the \(Self.maxSide)x\(Self.maxSide) px an icon may be "
                + "(it is drawn at most \(ImageLoader.iconSidePx) px); scale it down"
        }
        guard counted.insert(path).inserted else { return nil }
        pixels += width * height
        if pixels > Self.maxPixels {
            return "with this icon the \(counted.count) icon files of one list are over 16 megapixels together "
                + "(e.g. 16 of 1024x1024); use smaller icons or fewer different ones"
        }
        return nil
    }
}
