import EndlessCore
import Hummingbird

extension RouterMethods {
    /// Mounts Endless below `prefix` (`"/endless"`; `"/"` for the root) in a router, a group of one
    /// (`router.group("tools").addEndless(at: "/endless")`) or a `RouteCollection` (added with
    /// `addRoutes(_:atPath:)`), so that an app of its own routes serves the elements too:
    ///
    /// - `PREFIX/svg/{ruler,loop,grid,timeline}`: a window as an image;
    /// - `PREFIX/frame/{ruler,loop,grid,timeline}`: what the elements ask as they scroll;
    /// - `PREFIX/endless.js`, `endless.css`, `custom-elements.json`, `endless.d.ts` (and `PREFIX/v/VERSION/NAME`,
    ///   cached for good): a page loads `PREFIX/endless.js`, and its elements ask the prefix it came from;
    /// - `PREFIX/`: the demonstration page, unless `options.servesPage` is false.
    ///
    /// Errors are one line of plain text naming the parameter. Each call mounts its own caches. Throws
    /// `EndlessError` naming an option out of its range (`EndlessOptions.validate()`), or a prefix that is not a plain
    /// path.
    public func addEndless(at prefix: String = "/", options: EndlessOptions = EndlessOptions()) throws {
        try EndlessMount(at: prefix, options: options).addRoutes(to: self)
    }
}
