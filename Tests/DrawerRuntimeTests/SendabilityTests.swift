import DrawerRuntime
import XCTest

/// Compile-time check that the runtime's values can cross concurrency domains (strict
/// concurrency): if one of these stops being Sendable, this file stops compiling.
final class SendabilityTests: XCTestCase {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    func testValueTypesAreSendable() {
        requireSendable(Instant.self); requireSendable(TimeSpan.self)
        requireSendable(TouchEvent.self); requireSendable(VelocityTracker.self); requireSendable(TouchSlop.self)
        requireSendable(NestedScrollCoordinator.self)
        requireSendable(Spring.self); requireSendable(SpringMotion.self); requireSendable(Simulation<SpringFunction>.self)
        requireSendable(Simulation<DecayFunction>.self)
        requireSendable(PaneDynamics.self); requireSendable(SceneNode.self); requireSendable(SceneLayout.self)
        requireSendable(PhysicalUnits.self); requireSendable(HitTestResult.self)
    }
}
