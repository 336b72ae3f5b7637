import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel (`HTTP1Channel`, whose handling of requests it shares), with Endless's own handlers
/// where they read NIO's request parts: right after NIO's codec, before the conversion to HTTP Types. That conversion
/// (`HTTP1ToHTTPServerCodec`) parses every request's target as a URL with Foundation's `URLComponents`, 5% of a
/// repeated window's instructions, when an origin-form target (`/svg/…`) is the path as it stands: the event loop's
/// answers skip it (`EventLoopResponder.request(_:)`), and what goes on to the router passes through it.
struct EndlessHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    /// A connection's handlers between NIO's codec and the conversion, made for each.
    let handlers: @Sendable () -> [any RemovableChannelHandler]
    /// NIO's decoder's limits on a request's head.
    let maximumHeaderBytes: Int

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try Self.addCodec(to: pipeline, maximumHeaderBytes: maximumHeaderBytes)
            try pipeline.addHandlers(handlers())
            // From here on, as `HTTP1Channel` sets up (idle connections are `ConnectionGuard`'s).
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }

    /// NIO's HTTP/1 encoder and decoder as `HTTP1Channel` adds them: no pipelining assistance (requests wait their
    /// turn in `EventLoopResponder` and Hummingbird's channel), no error handler and no outbound header validation
    /// (HTTP Types validate fields already). Also the pipeline `scripts/bench-server instructions` counts.
    static func addCodec(to pipeline: ChannelPipeline.SynchronousOperations, maximumHeaderBytes: Int) throws {
        var limits = NIOHTTPDecoderLimitConfiguration()
        (limits.maxHeaderFieldSize, limits.maxHeaderListSize) = (maximumHeaderBytes, maximumHeaderBytes)
        limits.maxHeaderFieldCount = 1000  // Hummingbird's
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
            withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with `handlers` after NIO's codec, ahead of the conversion to HTTP Types (`EndlessHTTP1Channel`).
    static func endlessHTTP1(
        handlers: @escaping @Sendable () -> [any RemovableChannelHandler], maximumHeaderBytes: Int
    ) -> HTTPServerBuilder {
        .init { responder in
            EndlessHTTP1Channel(responder: responder, handlers: handlers, maximumHeaderBytes: maximumHeaderBytes)
        }
    }
}
