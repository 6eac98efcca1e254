import XCTest
final class DrawerRuntimeTestsSmoke: XCTestCase { func testNothing() {} }
