"""A fault-injecting TCP proxy for the browser tests: it sits between a page and the Endless server and passes every
byte through, or fails as networks and servers do, on the test's command. Standard library only.

Modes (`FaultProxy.set`):
- `pass`: every byte through, both ways;
- `refuse`: nothing listens on its port, so a new connection is refused (a server that is down);
- `reset`: each answer is cut short: part of its first bytes, then a TCP reset (SO_LINGER 0);
- `delay`: each request waits `delay` seconds before it goes on (a network too slow to answer);
- `hang`: a connection is accepted and its requests read, and nothing is ever answered (a half-open connection);
- `busy`: every request is answered 503 with `Retry-After: 1`, as the server answers when its queue of large windows
  is full.

Browsers keep connections alive, and a fault must reach them too: every change of mode resets every connection open,
so that each connection lives in one mode. `requests` records each request line seen, with its time and mode.
"""

from __future__ import annotations

import re
import socket
import struct
import threading
import time

MODES = ("pass", "refuse", "reset", "delay", "hang", "busy")
REQUEST_LINE = re.compile(rb"(?:GET|HEAD|POST|OPTIONS) (\S+) HTTP/1\.[01]\r\n")
BUSY_BODY = b"busy: too many large windows are being drawn; retry after 1 s, or ask for a smaller one\n"
# The server's own 503 (PlainTextError.busy), which exposes `Retry-After` to pages of other origins.
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n"
        b"Access-Control-Allow-Origin: *\r\nAccess-Control-Expose-Headers: Retry-After\r\nRetry-After: 1\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(BUSY_BODY), BUSY_BODY))


def reset(sock: socket.socket):
    """Closes `sock` with a TCP reset, waking a thread blocked reading it."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass
    sock.close()


class FaultProxy:
    def __init__(self, upstream_port: int, host: str = "127.0.0.1"):
        self.upstream = (host, upstream_port)
        self.host = host
        self.mode = "pass"
        self.delay = 0.0
        self.requests: list[tuple[float, str, str]] = []  # (time.monotonic(), mode, path)
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._closed = False
        self._listener: socket.socket | None = self._listen(0)
        self.port = self._listener.getsockname()[1]
        self.base = f"http://{host}:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def set(self, mode: str, delay: float = 0.0):
        """Fails from now on as `mode` says (see the module's doc); every connection open is reset."""
        assert mode in MODES, mode
        with self._lock:
            self.mode, self.delay = mode, delay
            if mode == "refuse" and self._listener:
                try:
                    self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread: the port is free at once
                except OSError:
                    pass
                self._listener.close()
                self._listener = None
            elif mode != "refuse" and not self._listener:
                self._listener = self._listen(self.port)
            for sock in list(self._open):
                reset(sock)
            self._open.clear()

    def paths(self, mode: str | None = None, since: float = 0.0) -> list[tuple[float, str]]:
        """The requests seen (in `mode`, from `since`), as (time, path)."""
        with self._lock:
            return [(t, path) for t, m, path in self.requests if t >= since and (mode is None or m == mode)]

    def close(self):
        self._closed = True
        self.set("refuse")

    def _listen(self, port: int) -> socket.socket:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.host, port))
        listener.listen(64)
        listener.settimeout(0.05)  # so that the accepting thread sees a listener closed or replaced
        return listener

    def _accept(self):
        while not self._closed:
            listener = self._listener
            if listener is None:
                time.sleep(0.02)
                continue
            try:
                client, _ = listener.accept()
            except OSError:  # a timeout, or the listener closed under us
                continue
            client.settimeout(None)
            with self._lock:
                mode, delay = self.mode, self.delay
                self._open.add(client)
            threading.Thread(target=self._serve, args=(client, mode, delay), daemon=True).start()

    def _seen(self, data: bytes, mode: str):
        now = time.monotonic()
        with self._lock:
            self.requests += [(now, mode, path.decode("latin-1")) for path in REQUEST_LINE.findall(data)]

    def _serve(self, client: socket.socket, mode: str, delay: float):
        try:
            if mode == "hang":
                while data := client.recv(65536):
                    self._seen(data, mode)
            elif mode == "busy":
                pending = b""
                while data := client.recv(65536):
                    self._seen(data, mode)
                    pending += data
                    while b"\r\n\r\n" in pending:
                        _, pending = pending.split(b"\r\n\r\n", 1)
                        client.sendall(BUSY)
            else:
                self._pipe(client, mode, delay)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open.discard(client)
            reset(client)

    def _pipe(self, client: socket.socket, mode: str, delay: float):
        try:
            upstream = socket.create_connection(self.upstream, timeout=5)
        except OSError:
            return  # the server is down: the client's connection is reset
        upstream.settimeout(None)
        with self._lock:
            self._open.add(upstream)

        def answers():  # upstream to client; in `reset` mode, half of the first bytes and a reset
            try:
                while data := upstream.recv(65536):
                    if mode == "reset":
                        client.sendall(data[: max(1, len(data) // 2)])
                        break
                    client.sendall(data)
            except OSError:
                pass
            finally:
                reset(client)
                reset(upstream)

        threading.Thread(target=answers, daemon=True).start()
        try:
            while data := client.recv(65536):
                self._seen(data, mode)
                if mode == "delay":
                    time.sleep(delay)
                upstream.sendall(data)
        finally:
            with self._lock:
                self._open.discard(upstream)
            reset(upstream)
