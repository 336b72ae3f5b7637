#!/usr/bin/env python3
"""The clients of scripts/bench-abuse (plain Python 3, standard library only).

    bench-abuse-clients.py light --port P --seconds S
        Three light clients at about 20 requests/s each, one keep-alive connection each, for S seconds: GET /healthz,
        a small ruler window at a new random offset each time, and one repeated small ruler window.
    bench-abuse-clients.py slow --port P --server-pid PID [--connections 5000] [--checkpoints 5,15,30,70]
        Opens that many connections that each send half a request head and stall, while two normal clients ask for
        /healthz every 100 ms (one on a new connection each time, one on a kept-alive connection); counts the stalled
        connections still open at each checkpoint (seconds after the last one was opened), and stops early once all
        are closed.

Both print `key=value` lines on stdout (milliseconds and seconds as plain numbers, `-` for nothing), progress on stderr.
"""
import argparse
import asyncio
import collections
import http.client
import os
import random
import resource
import sys
import threading
import time

HOST = "127.0.0.1"
HALF_HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"  # no blank line: the head never ends


def log(message):
    print(f"bench-abuse: {message}", file=sys.stderr, flush=True)


def quantile(values, q):
    """Nearest-rank quantile of a sorted list."""
    if not values:
        return None
    index = max(0, min(len(values) - 1, int(-(-q * len(values) // 1)) - 1))
    return values[index]


def ms(value):
    return "-" if value is None else f"{value * 1000:.1f}"


class Client:
    """A paced client on one connection (kept alive, or a new one per request), recording each request's latency."""

    def __init__(self, name, port, paths, interval, keep_alive=True, headers=None, timeout=20.0):
        self.name, self.port, self.paths, self.interval = name, port, paths, interval
        self.keep_alive, self.headers, self.timeout = keep_alive, headers or {}, timeout
        self.latencies, self.failures, self.slow = [], collections.Counter(), 0
        self.worst, self.worst_started = None, None  # the slowest request, and when it started
        self.origin = time.monotonic()  # `worst_at` is in seconds after this
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        connection = None
        while not self.stop.is_set():
            started = time.monotonic()
            path = self.paths()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
                headers = dict(self.headers)
                if not self.keep_alive:
                    headers["Connection"] = "close"
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.monotonic() - started
                if response.status != 200 or not body:
                    self.failures[f"status {response.status}"] += 1
                else:
                    if self.worst is None or elapsed > self.worst:
                        self.worst, self.worst_started = elapsed, started
                    self.latencies.append(elapsed)
                    self.slow += elapsed > 1.0
                if not self.keep_alive or response.will_close:
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as error:
                self.failures[type(error).__name__] += 1
                if connection is not None:
                    connection.close()
                connection = None
            self.stop.wait(max(0.0, self.interval - (time.monotonic() - started)))
        if connection is not None:
            connection.close()

    def report(self, key):
        values = sorted(self.latencies)
        failures = sum(self.failures.values())
        print(f"{key}_n={len(values) + failures}")
        print(f"{key}_failures={failures}")
        print(f"{key}_failure_kinds={','.join(f'{k}:{v}' for k, v in self.failures.items()) or '-'}")
        print(f"{key}_p50={ms(quantile(values, 0.50))}")
        print(f"{key}_p99={ms(quantile(values, 0.99))}")
        print(f"{key}_max={ms(values[-1] if values else None)}")
        print(f"{key}_slow={self.slow}")
        worst_at = None if self.worst_started is None else self.worst_started - self.origin
        print(f"{key}_worst_at={'-' if worst_at is None else f'{worst_at:.1f}'}")


def light(args):
    ruler = "/svg/ruler?offset={}&width=1200&height=120"
    gzip = {"Accept-Encoding": "gzip"}
    clients = {
        "healthz": Client("healthz", args.port, lambda: "/healthz", 0.05),
        "ruler_new": Client(
            "ruler_new", args.port, lambda: ruler.format(random.randint(-10**12, 10**12)), 0.05, headers=gzip),
        "ruler_same": Client(
            "ruler_same", args.port, lambda: "/svg/ruler?value=72.4&width=1200&height=120", 0.05, headers=gzip),
    }
    for client in clients.values():
        client.thread.start()
    time.sleep(args.seconds)
    for client in clients.values():
        client.stop.set()
    for client in clients.values():
        client.thread.join(30)
    for key, client in clients.items():
        client.report(key)


def rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return f"{int(line.split()[1]) * 1024 / 1e6:.1f}"
    except OSError:
        pass
    return "-"


def open_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


class Stalled:
    __slots__ = ("closed_at", "first_bytes", "reset")

    def __init__(self):
        self.closed_at, self.first_bytes, self.reset = None, b"", False


async def slow(args):
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(args.opening)
    stalled, connect_errors = [], collections.Counter()
    writers = []

    async def stall(ready):
        async with gate:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, args.port), args.connect_timeout)
                writer.write(HALF_HEAD)
            except (OSError, asyncio.TimeoutError) as error:
                connect_errors[type(error).__name__] += 1
                ready.set_result(None)
                return
        conn = Stalled()
        stalled.append(conn)
        writers.append(writer)
        ready.set_result(None)
        try:
            while chunk := await reader.read(65536):
                if len(conn.first_bytes) < 64:
                    conn.first_bytes += chunk[:64]
        except OSError:
            conn.reset = True
        conn.closed_at = loop.time()

    baseline_fds = open_fds(args.server_pid)
    print(f"baseline_fds={baseline_fds}")
    print(f"rss_before={rss_mb(args.server_pid)}")
    fresh = Client("fresh", args.port, lambda: "/healthz", 0.1, keep_alive=False, timeout=args.request_timeout)
    kept = Client("kept", args.port, lambda: "/healthz", 0.1, keep_alive=True, timeout=args.request_timeout)
    fresh.thread.start()
    kept.thread.start()
    await asyncio.sleep(1.0)

    log(f"opening {args.connections} connections that send half a request head and stall")
    opening_started = loop.time()
    readies = [loop.create_future() for _ in range(args.connections)]
    tasks = [asyncio.ensure_future(stall(ready)) for ready in readies]
    await asyncio.gather(*readies)
    t0 = loop.time()
    fresh.origin = kept.origin = time.monotonic()  # the normal clients' worst moments, in seconds after t0
    print(f"opening_seconds={t0 - opening_started:.1f}")
    print(f"opened={len(stalled)}")
    print(f"connect_failed={sum(connect_errors.values())}")
    print(f"connect_errors={','.join(f'{k}:{v}' for k, v in connect_errors.items()) or '-'}")
    log(f"{len(stalled)} open after {t0 - opening_started:.1f} s; waiting for the server to close them")

    def still_open():
        return sum(conn.closed_at is None for conn in stalled)

    all_closed_at = None
    for checkpoint in args.checkpoints:
        while loop.time() < t0 + checkpoint and all_closed_at is None:
            if still_open() == 0:
                all_closed_at = loop.time() - t0
                break
            await asyncio.sleep(0.1)
        if all_closed_at is not None and all_closed_at < checkpoint:
            print(f"open_at_{checkpoint}=-")
            continue
        count, fds = still_open(), open_fds(args.server_pid)
        server = "-" if fds is None or baseline_fds is None else fds - baseline_fds
        print(f"open_at_{checkpoint}={count}")
        print(f"server_fds_at_{checkpoint}={server}")
        print(f"rss_at_{checkpoint}={rss_mb(args.server_pid)}")
        log(f"t={checkpoint} s: {count} of {len(stalled)} still open; server holds {server} more descriptors")
    print(f"all_closed_at={'-' if all_closed_at is None else f'{all_closed_at:.1f}'}")
    closed = [conn for conn in stalled if conn.closed_at is not None]
    if closed:
        print(f"first_close={min(conn.closed_at for conn in closed) - t0:.1f}")
        print(f"last_close={max(conn.closed_at for conn in closed) - t0:.1f}")
    answers = collections.Counter()
    for conn in closed:
        if conn.first_bytes.startswith(b"HTTP/"):
            answers[conn.first_bytes.split(b" ")[1].decode(errors="replace")] += 1
        elif conn.reset:
            answers["reset"] += 1
        elif conn.first_bytes:
            answers["other bytes"] += 1
        else:
            answers["no answer"] += 1
    print(f"closed={len(closed)}")
    print(f"answers={','.join(f'{k}:{v}' for k, v in sorted(answers.items())) or '-'}")
    print(f"answered_408={answers.get('408', 0)}")

    fresh.stop.set()
    kept.stop.set()
    for writer in writers:
        writer.transport.abort()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    fresh.thread.join(args.request_timeout + 5)
    kept.thread.join(args.request_timeout + 5)
    fresh.report("fresh")
    kept.report("kept")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    light_parser = commands.add_parser("light")
    light_parser.add_argument("--port", type=int, required=True)
    light_parser.add_argument("--seconds", type=float, required=True)
    slow_parser = commands.add_parser("slow")
    slow_parser.add_argument("--port", type=int, required=True)
    slow_parser.add_argument("--server-pid", type=int, required=True)
    slow_parser.add_argument("--connections", type=int, default=5000)
    slow_parser.add_argument("--opening", type=int, default=256, help="connections being opened at once")
    slow_parser.add_argument("--connect-timeout", type=float, default=15.0)
    slow_parser.add_argument("--request-timeout", type=float, default=20.0, help="for the normal clients")
    slow_parser.add_argument(
        "--checkpoints", type=lambda s: [int(x) for x in s.split(",")], default=[5, 15, 30, 70])
    args = parser.parse_args()
    if args.command == "light":
        light(args)
    else:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = args.connections + 256
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
        if min(wanted, hard) < wanted:
            log(f"only {hard} file descriptors allowed; some connections will fail to open")
        asyncio.run(slow(args))


if __name__ == "__main__":
    main()
