/// How `endless` listens: its address and its connections' limits, and what it mounts (`endless`).
public struct ServerOptions: Sendable {
    /// The address to listen on: `0.0.0.0` to serve other machines.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one (`onServerRunning` is told which).
    public var port = 8080
    /// What is mounted at `/`: caches, chunks, large windows, the page.
    public var endless = EndlessOptions()
    /// Item sets read from files into `endless.items`, each read again when its file changes: name and path.
    public var itemFiles: [(name: String, path: String)] = []

    /// Time a client has to send a whole request (its head, and any body) once its first byte has arrived; then it
    /// gets 408 and the connection is closed.
    public var requestHeadTimeout: Duration = .seconds(10)
    /// Time a kept-alive connection may stay silent between requests before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// Open connections kept. One more closes the one that has kept the server waiting longest (an unfinished request
    /// gets 408) to take its place; if every other has a response flowing, new ones wait in the listen queue until one
    /// closes.
    public var maximumConnections = 4_096
    /// Connections the kernel may hold for the server to accept: room for a burst of connects while the server makes
    /// room at the bound (past it, a client's SYN is dropped and it retries a second later).
    public var listenBacklog = 1_024
    /// Whether `/metrics` is served. Its figures are for operators, not the internet: turn it off
    /// (`endless serve --no-metrics`) where the server faces the internet and nothing filters that path.
    public var servesMetrics = true

    public init() {}
}
