import XCTest
final class PanelRendererTestsSmoke: XCTestCase { func testNothing() {} }
