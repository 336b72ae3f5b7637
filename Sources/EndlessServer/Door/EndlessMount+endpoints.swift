import EndlessCore
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

extension EndlessMount {
    /// The mount's rows of the endpoint table: SVG windows and tiles, frames, the files of `public/`, and the page.
    func endpoints() -> [Endpoint] {
        var rows: [Endpoint] = SVGResource.Kind.allCases.map { kind in
            let (pattern, route) = (kind.routePath, kind.route)
            return Endpoint(pattern, parameters: kind.parameterNames) { [svg, options] request in
                svg.outcome(request, kind: kind, route: route, maximumTiles: options.maximumTilesOnEventLoop)
            }
        }
        // A view that does not exist: one line naming the views there are.
        rows.append(
            Endpoint("/svg/:view", reads: []) { [svg, options] request in
                svg.outcome(request, kind: nil, route: "/svg/{view}", maximumTiles: options.maximumTilesOnEventLoop)
            })
        rows += frameViews.map { name, view in
            let pattern = "/frame/\(name)"
            return Endpoint(pattern, parameters: view.names, reads: [.acceptEncoding]) { [frames] request in
                frames.outcome(request, view: view, route: pattern)
            }
        }
        rows.append(
            Endpoint("/:name") { [assets] request in
                assets.outcome(name: String(request.captures[0]), version: nil, request)
            })
        rows.append(
            Endpoint("/v/:version/:name") { [assets] request in
                assets.outcome(name: String(request.captures[1]), version: String(request.captures[0]), request)
            })
        if options.servesPage {
            rows.append(
                Endpoint("/", parameters: IndexPage.parameterNames, reads: [.acceptEncoding]) { [self] request in
                    .now(route: "/") { () throws(EndlessError) in try page(request) }
                })
        }
        return rows
    }

    /// The demonstration page, its first windows drawn in, gzipped when the client takes it.
    private func page(_ request: EndpointRequest) throws(EndlessError) -> HTTPAnswer {
        var page = try IndexPage(query: request.queryPairs)
        // The versions this server has: a page never pairs with an older script.
        let path = request.mountPath
        (page.pagePath, page.svgPath) = (path + "/", path + "/svg")
        (page.elementsScript, page.pageScript, page.styleSheet) = (
            "\(path)/\(assets.versionedPath("endless.js"))", "\(path)/\(assets.versionedPath("page.js"))",
            "\(path)/\(assets.versionedPath("endless.css"))"
        )
        let html = templates.render(page, withTemplate: "index") ?? ""
        // Its four pictures compress well: the first comes sooner over a network.
        return svg.compressors.answer(
            ByteBuffer(string: html),
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .contentSecurityPolicy: IndexPage.contentSecurityPolicy,
            ],
            to: request.head, route: "/")
    }
}

extension SVGResponder {
    /// An SVG URL's answer: at hand (kept, a 304, a HEAD), drawn now if small and the answers unsent leave room,
    /// else drawn in the large windows' turn.
    func outcome(_ request: EndpointRequest, kind: SVGResource.Kind?, route: String, maximumTiles: Int) -> Outcome {
        let decision: Decision
        do {
            decision = try decide(request, kind: kind)
        } catch {
            return .now(PlainTextError(error).answer(route: route))
        }
        switch decision {
        case .answer(let answer): return .now(answer)
        case .draw(let drawing) where drawing.resource.tileCount <= maximumTiles && largeWindows.hasRoomForAnswers:
            return .now(drawNew(drawing))
        case .draw(let drawing):
            return .later {
                do {
                    return try await largeWindows.admit(tiles: drawing.resource.tileCount) { drawNew(drawing) }
                } catch {
                    return PlainTextError.busy.answer(route: route)
                }
            }
        }
    }

    /// A miss drawn for this request: its bytes count as unsent until written.
    private func drawNew(_ drawing: Drawing) -> HTTPAnswer {
        responses.countMiss()
        var answer = draw(drawing)
        answer.drawn = true
        return answer
    }
}

extension FrameResponder {
    /// A frame of `view`'s answer: now if it draws little and the answers unsent leave room, else in the gate's
    /// turn.
    func outcome(_ request: EndpointRequest, view: any FrameView.Type, route: String) -> Outcome {
        do {
            if gate.hasRoomForAnswers, let light = try answer(request, view: view, route: route, budget: eventLoopBytes)
            {
                return .now(light)
            }
        } catch {
            return .now(PlainTextError(error).answer(route: route))
        }
        return .later {
            do {
                return try await gate.admit(tiles: .max) { () async throws -> HTTPAnswer in
                    try answer(request, view: view, route: route, budget: .max)!
                }
            } catch let error as EndlessError {
                return PlainTextError(error).answer(route: route)
            } catch {
                return PlainTextError.busy.answer(route: route)
            }
        }
    }
}
