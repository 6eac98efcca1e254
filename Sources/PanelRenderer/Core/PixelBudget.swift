/// The largest frame and image the kiosk takes from a file or the command line, checked where
/// the size enters, before anything is allocated. 16 megapixels (64 MiB at 4 bytes a pixel)
/// holds every panel and image a kiosk shows (4K UHD is 8.3 megapixels, a 4096x4096 image
/// exactly 16) and keeps a hostile board file or PNG header from asking for gigabytes.
package enum PixelBudget {
    /// Longest side, px.
    package static let maxSide = 8192
    /// Most pixels in one frame or decoded image.
    package static let maxPixels = 1 << 24

    /// nil when `width` x `height` fits; otherwise why not, for a message.
    package static func refusal(width: Int, height: Int) -> String? {
        if width < 1 || height < 1 { return "\(width)x\(height) px is empty" }
        if width > maxSide || height > maxSide { return "\(width)x\(height) px is over \(maxSide) px on a side" }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            return "\(width)x\(height) px is over the 16-megapixel budget (e.g. 4096x4096)"
        }
        return nil
    }
}
