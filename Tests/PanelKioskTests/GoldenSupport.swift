import Foundation
import PanelRenderer
import XCTest

/// Reference images kept in Tests/PanelKioskTests/Goldens: a picture is compared with its
/// reference at most 2/255 per channel on at most 0.1 % of the pixels (anti-aliasing may move
/// by a hair between FreeType builds, nothing more); on failure the picture and a diff image
/// are written next to the temporary folder and named. `PANEL_UPDATE_GOLDENS=1` rewrites the
/// references (look at them before committing).
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

    /// Takes the pixmap itself, not a view of it: a view does not keep its pixels alive.
    static func assertMatches(_ image: Pixmap, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try withExtendedLifetime(image) { try compare(image.view, name, file: file, line: line) }
    }

    private static func compare(_ picture: PixmapView, _ name: String, file: StaticString, line: UInt) throws {
        let reference = folder + "/" + name + ".png"
        if ProcessInfo.processInfo.environment["PANEL_UPDATE_GOLDENS"] == "1" || !FileManager.default.fileExists(atPath: reference) {
            try FileManager.default.createDirectory(atPath: (reference as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try PNGCodec.encode(picture, to: reference, ignoringAlpha: true)
            if ProcessInfo.processInfo.environment["PANEL_UPDATE_GOLDENS"] != "1" {
                XCTFail("no reference \(name).png: wrote one; look at it, then commit it", file: file, line: line)
            }
            return
        }
        let expected = try PNGCodec.decode(path: reference)
        let compared = withExtendedLifetime(expected) { ImageDifference(picture, expected.view) }
        guard let difference = compared else {
            XCTFail("\(name): \(picture.width)x\(picture.height), the reference is \(expected.width)x\(expected.height)", file: file, line: line)
            return
        }
        if difference.pixelsOff > picture.width * picture.height / 1000 {
            let out = NSTemporaryDirectory() + "golden-" + name.replacingOccurrences(of: "/", with: "-")
            try? PNGCodec.encode(picture, to: out + "-actual.png", ignoringAlpha: true)
            try? PNGCodec.encode(difference.picture.view, to: out + "-diff.png")
            XCTFail("\(name): \(difference.pixelsOff) pixels differ by more than 2/255; worst \(difference.worst) at \(difference.worstAt); see \(out)-actual.png and -diff.png",
                    file: file, line: line)
        }
    }
}
