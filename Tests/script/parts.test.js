// The page script's parts that need no page, run by Node's own test runner (`node --test Tests/script`): a view's
// keys, item steps, zoom, measures, confirmation and request cycle, each driven as the elements drive it. Timers are
// Node's mocked clock (no test waits for the wall clock); an animation frame is a 16 ms timer on it.
'use strict';
const { test, mock, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const parts = require('../../public/endless.js');

const { KeyQueue, ItemSteps, Zoom, Measures, Confirmation, RequestState, RequestCycle } = parts;

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout'] });
  globalThis.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 16);
});
afterEach(() => {
  mock.timers.reset();
  delete globalThis.requestAnimationFrame;
});

// The mocked clock moved a millisecond at a time, so that a timer set by another's callback counts from when that one
// ran.
const advance = (ms) => {
  for (let i = 0; i < ms; i += 1) mock.timers.tick(1);
};

// Promises settle between ticks of the mocked clock.
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

// What a report's parameters say, as the view builds them.
const reported = (fill) => {
  const q = new URLSearchParams();
  fill(q);
  return Object.fromEntries(q);
};

test('a key pressed with nothing asked is asked at once; its presses then add up, at most 64', () => {
  const keys = new KeyQueue();
  const asked = keys.press('ArrowRight', null);
  assert.deepEqual(asked, { key: 'ArrowRight', presses: 1 });
  for (let i = 0; i < 70; i += 1) assert.deepEqual(keys.press('ArrowRight', asked), {});
  assert.equal(asked.presses, 64);
  assert.equal(keys.next(), undefined);
});

test('another key waits after the one asked, its own presses adding up, and comes next', () => {
  const keys = new KeyQueue();
  const asked = keys.press('ArrowRight', null);
  keys.press('ArrowLeft', asked);
  keys.press('ArrowLeft', asked);
  keys.press('PageUp', asked);
  assert.equal(asked.presses, 1);
  assert.deepEqual(keys.next(), { key: 'ArrowLeft', presses: 2 });
  assert.deepEqual(keys.next(), { key: 'PageUp', presses: 1 });
  assert.equal(keys.next(), undefined);
});

test('item steps are asked one a report, a lost one first again, and the held item is reported', () => {
  const steps = new ItemSteps();
  steps.step('next');
  steps.step('previous');
  const want = { item: 1 };
  assert.deepEqual(reported((q) => steps.report(q, want)), { item: 'next' });
  assert.equal(want.item, 'next');
  assert.equal(steps.lost('next'), true);
  assert.deepEqual(reported((q) => steps.report(q, { item: 1 })), { item: 'next' });
  steps.set = { drawn: 'abc' };
  steps.held = { index: 7 };
  assert.deepEqual(reported((q) => steps.report(q, { item: 1 })), { drawn: 'abc', selected: '7', item: 'previous' });
  assert.equal(steps.lost(undefined), false);
});

test("an answer holds the item stepped to, asks the next step, and asks again at rest after `refresh`", () => {
  const steps = new ItemSteps();
  const asked = [];
  const again = (want) => asked.push(want);
  steps.step('next');
  steps.step('next');
  const want = { item: 1 };
  steps.report(new URLSearchParams(), want); // the first step asked, the second waits
  const item = { index: 3 };
  assert.equal(steps.answered({ drawn: 'x', item, refresh: 1000 }, want, again), item);
  assert.equal(steps.held, item);
  assert.deepEqual(asked, [{ item: 1 }]);
  advance(999);
  assert.equal(asked.length, 1);
  advance(1);
  assert.deepEqual(asked, [{ item: 1 }, {}]);
  steps.report(new URLSearchParams(), { item: 1 });
  // An answer to a plain scroll that names no item lets go of the one held.
  steps.answered({ drawn: 'x', refresh: 1000 }, {}, again);
  assert.equal(steps.held, null);
  steps.stop();
  advance(5000);
  assert.equal(asked.length, 2);
  assert.equal(steps.answered(undefined, {}, again), null);
  assert.equal(steps.set, null);
});

test("zoom factors multiply until an answer's scale moves, and say where", () => {
  const zoom = new Zoom();
  assert.equal(zoom.add(1.5, 300, '1h', false), true);
  assert.equal(zoom.add(2, 320, '1h', false), true);
  assert.deepEqual(reported((q) => zoom.report(q)), { 'zoom-by': '3', 'zoom-at': '320' });
  zoom.answered('3h');
  assert.equal(zoom.by, 1);
  assert.deepEqual(reported((q) => zoom.report(q)), {});
});

test('a small zoom answered at the same scale keeps adding up; a whole rung that moved none starts afresh', () => {
  const zoom = new Zoom();
  zoom.add(1.2, 0, '1h', false);
  zoom.report(new URLSearchParams());
  zoom.answered('1h');
  assert.equal(zoom.by, 1.2);
  zoom.add(2, 0, '1h', false);
  zoom.report(new URLSearchParams());
  zoom.answered('1h'); // at the last rung: 2.4 asked, none to go to
  assert.equal(zoom.by, 1);
});

test("a zoom key's next press waits for the last one's answer", () => {
  const zoom = new Zoom();
  assert.equal(zoom.add(2, null, '1h', true), true);
  assert.equal(zoom.add(0.5, null, '1h', true), false);
  zoom.report(new URLSearchParams());
  assert.equal(zoom.answered('3h'), 0.5);
  assert.equal(zoom.answered('3h'), undefined);
});

test('two fingers give the factor they moved apart by', () => {
  const zoom = new Zoom();
  assert.equal(zoom.pinch(100, true), null);
  assert.equal(zoom.pinch(150, true), 1.5);
  assert.equal(zoom.pinch(150, false), null);
  assert.equal(zoom.pinch(0, true), null);
});

test('measures report when the scroll was seen, the quickest trip and the middle frame', () => {
  const measures = new Measures(42);
  assert.deepEqual(reported((q) => measures.report(q, 1000.4)), { t: '1000', rtt: '42' });
  for (const [now, trip] of [[100, 30], [116, 20], [400, 90]]) {
    measures.scrolled(now);
    measures.answered(trip);
  }
  // A gap of 16 ms; 284 ms is no frame after another.
  assert.deepEqual(reported((q) => measures.report(q, 500)), { t: '400', rtt: '20', frame: '16' });
  for (const now of [450, 470, 520]) measures.scrolled(now);
  // Gaps 16, 50, 20 and 50: the middle, not a stall.
  assert.equal(reported((q) => measures.report(q, 600)).frame, '50');
  measures.wrote();
  assert.equal(reported((q) => measures.report(q, 777)).t, '777');
  for (let i = 0; i < 20; i += 1) measures.answered(100 + i);
  assert.equal(reported((q) => measures.report(q, 0)).rtt, '112'); // the last 8 kept
});

test('a scroll with no answer within a second leaves the value unknown until one comes', () => {
  const heard = [];
  const confirmation = new Confirmation((unknown) => heard.push(unknown));
  confirmation.scrolled();
  advance(999);
  assert.deepEqual(heard, []);
  advance(1);
  assert.deepEqual(heard, [true]);
  confirmation.confirmed(1);
  confirmation.answered();
  assert.deepEqual(heard, [true, false]);
});

test('stale, a scroll is unknown at once; an answer that saw it confirms it', () => {
  const heard = [];
  const confirmation = new Confirmation((unknown) => heard.push(unknown));
  confirmation.setStale(true);
  assert.deepEqual(heard, [false]);
  confirmation.scrolled();
  assert.deepEqual(heard, [false, true]);
  confirmation.confirmed(confirmation.scrolls);
  confirmation.setStale(false);
  assert.deepEqual(heard, [false, true, false]);
});

// The request state alone, a value moved by events: no timer, no exchange.
const laid = () => true, own = () => ({});

test('a request state moves only by its table, and every move in it is made', () => {
  const made = new Set();
  const state = new RequestState();
  // Runs `event` and notes the move it made, if any.
  const on = (event, run) => {
    const from = state.phase;
    const result = run();
    if (state.phase !== from || ['send', 'place'].includes(event) && result !== null) {
      made.add(`${from} ${event} ${state.phase}`);
    }
    return result;
  };
  assert.equal(state.ask({ end: true }), true);
  assert.equal(state.ask({ resize: true }), false, 'one frame asked at a time');
  assert.equal(state.frame(), false);
  const first = on('send', () => state.send(laid, own));
  assert.deepEqual([first.want, first.id, first.replaces, state.phase], [{ end: true, resize: true }, 1, false, 'inFlight']);
  state.ask({ zoom: true });
  state.frame();
  const second = on('send', () => state.send(laid, own));
  assert.deepEqual([second.id, second.replaces], [2, true], 'a zoom replaces an end in flight');
  assert.equal(state.stopped(first.id), false, 'the replaced answer is no longer awaited');
  assert.equal(on('answer', () => state.answered(second.id)), false);
  assert.equal(state.phase, 'idle');
  state.ask({ key: 'ArrowLeft', presses: 1 });
  state.frame();
  const key = on('send', () => state.send(laid, own));
  state.ask({ end: true });
  state.frame();
  assert.equal(state.send(laid, own), null, 'nothing replaces a key in flight');
  const retry = on('fail', () => state.failed(key.id, { end: true }, null, 0));
  assert.deepEqual([retry.wait, retry.again, state.phase], [125, true, 'retrying']);
  assert.equal(state.send(laid, own), null, 'nothing is sent while a retry waits');
  on('place', () => state.placed());
  on('due', () => state.due());
  const third = on('send', () => state.send(laid, own));
  on('place', () => state.placed());
  assert.equal(state.answered(third.id), false, 'an answer from before the placement is not awaited');
  on('place', () => state.placed());
  state.ask({ end: true });
  const fourth = on('send', () => state.send(laid, own));
  assert.equal(on('stop', () => state.stopped(fourth.id)), false);
  assert.deepEqual([...made].sort(), [...RequestState.moves].sort());
});

test('a request state never sends before the view is laid out, nor without its own parameters', () => {
  const state = new RequestState();
  state.ask({ end: true });
  assert.equal(state.send(() => false, own), null);
  assert.equal(state.send(laid, () => null), null);
  assert.equal(state.phase, 'idle');
  assert.deepEqual(state.want, { end: true });
});

// A view as the request cycle sees it: laid out, its own parameters, and an exchange answered by the test.
class Host {
  exchanges = [];
  lostWants = [];
  [parts.laidOut]() { return true; }
  [parts.extra]() { return {}; }
  [parts.exchange](want, own, signal) {
    return new Promise((resolve, reject) => {
      const exchange = { want, signal, resolve, reject };
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      this.exchanges.push(exchange);
    });
  }
  [parts.lost](want) {
    this.lostWants.push(want);
    return want.end ? { end: true } : {};
  }
}

test('what is asked within an animation frame is one request', async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.ask({ resize: true });
  cycle.ask({ end: true });
  assert.equal(host.exchanges.length, 0);
  advance(16);
  assert.deepEqual(host.exchanges.map((e) => e.want), [{ resize: true, end: true }]);
  assert.equal(cycle.state.seq, 1);
});

test('a plain scroll waits for the answer in flight, then goes', async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.ask({ end: true });
  advance(16);
  cycle.ask({});
  advance(16);
  assert.equal(host.exchanges.length, 1);
  host.exchanges[0].resolve();
  await settle();
  advance(16);
  assert.equal(host.exchanges.length, 2);
  assert.equal(host.exchanges[0].signal.aborted, false);
});

test('an end replaces a plain scroll in flight; nothing replaces a key in flight', async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.ask({});
  advance(16);
  cycle.ask({ end: true });
  advance(16);
  assert.equal(host.exchanges.length, 2);
  assert.equal(host.exchanges[0].signal.aborted, true);
  await settle();
  cycle.ask({ key: 'ArrowRight', presses: 1 });
  advance(16);
  cycle.ask({ end: true });
  advance(16);
  assert.equal(host.exchanges.length, 3);
  assert.equal(host.exchanges[2].signal.aborted, false);
  host.exchanges[2].resolve();
  await settle();
  advance(16);
  assert.deepEqual(host.exchanges[3].want, { end: true });
});

test("a key's next key is asked from its answer", async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  const first = cycle.state.keys.press('ArrowRight', null);
  cycle.ask(first);
  cycle.state.keys.press('ArrowLeft', first);
  advance(16);
  assert.deepEqual(host.exchanges.map((e) => e.want.key), ['ArrowRight']);
  assert.deepEqual(cycle.state.want, { key: 'ArrowLeft', presses: 1 });
  host.exchanges[0].resolve();
  await settle();
  advance(16);
  assert.deepEqual(host.exchanges.map((e) => e.want.key), ['ArrowRight', 'ArrowLeft']);
});

test('a failed request is asked again after a backoff, its want restored by the view', async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  mock.method(Math, 'random', () => 1); // the backoff's longest: 250 ms at first
  cycle.ask({ end: true });
  advance(16);
  host.exchanges[0].reject(new Error('offline'));
  await settle();
  assert.deepEqual(host.lostWants, [{ end: true }]);
  cycle.ask({});
  advance(249);
  assert.equal(host.exchanges.length, 1);
  advance(1 + 16);
  assert.deepEqual(host.exchanges.map((e) => e.want), [{ end: true }, { end: true }]);
  // The next failure waits twice as long.
  host.exchanges[1].reject(new Error('offline'));
  await settle();
  advance(499 + 16);
  assert.equal(host.exchanges.length, 2);
  advance(1);
  assert.equal(host.exchanges.length, 3);
  mock.restoreAll();
});

test("a request with no answer in 5 s is given up and asked again; `Retry-After` says when", async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.ask({ end: true });
  advance(16);
  advance(5000);
  await settle();
  assert.equal(host.exchanges[0].signal.aborted, true);
  assert.deepEqual(host.lostWants, [{ end: true }]);
  advance(250 + 16);
  assert.equal(host.exchanges.length, 2);
  const busy = new Error('busy');
  busy.headers = new Headers({ 'Retry-After': '3' });
  host.exchanges[1].reject(busy);
  await settle();
  advance(2999 + 16);
  assert.equal(host.exchanges.length, 2);
  advance(1);
  assert.equal(host.exchanges.length, 3);
});

test('placed anew, the request in flight is aborted and its number moves on', async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.ask({ end: true });
  advance(16);
  cycle.placed();
  assert.equal(host.exchanges[0].signal.aborted, true);
  assert.equal(cycle.state.seq, 2);
  await settle();
  assert.deepEqual(host.lostWants, []); // aborted on purpose: not lost
});

test("in a fast fling a plain scroll is reported every `pace` frames", async () => {
  const host = new Host();
  const cycle = new RequestCycle(host);
  cycle.state.pace = 3;
  cycle.ask({});
  for (let frame = 0; frame < 3; frame += 1) advance(16);
  assert.equal(host.exchanges.length, 1);
});
