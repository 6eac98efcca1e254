import XCTest
@testable import DrawerRuntime

/// A title longer than its line ends in an ellipsis. It runs on every frame, so a 100,000
/// character title from the control socket must cost about what a short one does (it used to
/// re-measure the whole string once per removed character: 31 s for 32,000 characters).
final class TextTruncationTests: XCTestCase {
    private func renderer() throws -> TextRenderer {
        try XCTUnwrap(try? TextRenderer(theme: .light), "DejaVu fonts are needed (fonts-dejavu-core)")
    }

    /// The result the old one-character-at-a-time search gave, for comparison.
    private func linear(_ text: String, _ r: TextRenderer, _ maxWidth: Double) -> String {
        if r.width(text, sizePt: 16, bold: false) <= maxWidth { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            while let last = scalars.last, last == " " { scalars.removeLast() }
            let s = String(String.UnicodeScalarView(scalars)) + "…"
            if r.width(s, sizePt: 16, bold: false) <= maxWidth { return s }
        }
        return ""
    }

    func testTheLongestPrefixThatFitsWithItsEllipsis() throws {
        let r = try renderer()
        for text in ["Central Station Platform 4", "Tidal Clock (Live at the Harbour)", "a b c d e f g h i j k", "W", ""] {
            for width in [0.0, 5, 20, 60, 120, 200, 400] {
                XCTAssertEqual(r.truncated(text, sizePt: 16, bold: false, maxWidth: width), linear(text, r, width),
                               "'\(text)' in \(width) pt")
            }
        }
    }

    func testAHundredThousandCharacterTitleIsCutBeforeItIsMeasured() throws {
        let r = try renderer()
        let title = String(repeating: "Departure board ", count: 6_250)   // 100,000 characters
        let line = r.truncated(title, sizePt: 16, bold: false, maxWidth: 300)
        XCTAssertTrue(line.hasSuffix("…"))
        XCTAssertLessThanOrEqual(r.width(line, sizePt: 16, bold: false), 300)
        XCTAssertEqual(line, linear(String(title.prefix(200)), r, 300))
        XCTAssertEqual(r.truncated(title, sizePt: 16, bold: false, maxWidth: .nan), "")
        XCTAssertEqual(r.truncated(title, sizePt: .nan, bold: false, maxWidth: 300), "", "a size that is not a number shows nothing")
    }
}
