/// Which way along an axis a view scrolls, in world coordinates.
package enum ScrollDirection: Sendable, Hashable {
    /// Towards smaller world coordinates.
    case backward
    /// Towards greater world coordinates.
    case forward
}
