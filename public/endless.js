// <endless-ruler>, <endless-timeline>, <endless-loop>, <endless-grid>: each reports its scroll to this script's
// server and applies the answer (no geometry here). Protocol: docs/protocol.md; types: endless.d.ts; manifest:
// custom-elements.json.
'use strict';
(() => {
  // First the parts that need no page (a view's requests, keys, items, zoom, measures): Node's test runner takes
  // them (Tests/script), and a page the whole.
  const mostPresses = 64; // a frame's `presses` (protocol.md)
  // A request gives up after `timeout`; retries wait twice as long each time, from `firstRetry` up to `lastRetry`.
  const timeout = 5000, firstRetry = 250, lastRetry = 1000;
  // A reader's scroll with no answer for this long leaves the value unknown: invalid before the timeout says stale.
  const grace = 1000;
  // The round trips and frame times kept: the quickest trip and the middle frame are reported (protocol.md).
  const samplesKept = 8;
  // Scroll events further apart than this are not one animation frame after another.
  const longestFrame = 200;

  // Shared by this script's classes, not public API.
  const start = Symbol('start'), here = Symbol('here'), extra = Symbol('extra'), show = Symbol('show'),
    sizeCSS = Symbol('sizeCSS'), following = Symbol('following'), placeAt = Symbol('placeAt'), ask = Symbol('ask'),
    fail = Symbol('fail'), stale = Symbol('stale'), internals = Symbol('internals'), zoomable = Symbol('zoomable'),
    zoomPoint = Symbol('zoomPoint'), relocate = Symbol('relocate'), laidOut = Symbol('laidOut'),
    exchange = Symbol('exchange'), lost = Symbol('lost');

  // A zoom's factor this close to a factor of 2 (|ln 2| = 0.693…) is a whole rung's.
  const wholeRung = 0.69;

  /**
   * A view's zoom since its scale last changed, by any gesture: a wheel with Ctrl, two fingers, a key. Gestures'
   * factors multiply (a pinch's small steps add up) until the server's answer moves the scale. A key walks a rung a
   * press; rungs are not all twice apart (1h, 3h, 6h) and the server takes a factor to the nearest rung (four times
   * 1h is nearest 3h), so a press waits for the last one's answer.
   */
  class Zoom {
    /** The factor asked since the scale changed; where (the view's `zoom-at`), and at which scale it was asked. */
    by = 1; at = null; from = null;
    #sent = false; #key = false; #keys = []; #fingers = 0;

    /** Adds `by` at `at` (asked at scale `from`), or holds a key's press while the last one's answer is on its way:
     * whether to ask now. */
    add(by, at, from, key) {
      if (key && this.#key) {
        if (this.#keys.length < mostPresses) this.#keys.push(by);
        return false;
      }
      this.#key ||= Boolean(key);
      this.by *= by;
      [this.at, this.from] = [at, from];
      return true;
    }

    /** Two fingers `apart` (none: lifted), their factor since the last move, if they moved. */
    pinch(apart, moved) {
      const by = apart && moved && this.#fingers ? apart / this.#fingers : null;
      this.#fingers = apart;
      return by;
    }

    /** The report's part: `zoom-by` and `zoom-at`, if anything is asked. */
    report(q) {
      if (!(this.#sent = this.by !== 1)) return;
      q.set('zoom-by', this.by);
      if (this.at != null) q.set('zoom-at', this.at);
    }

    /**
     * A frame came at scale `zoom`: a new scale, or a whole rung asked that moved none (the last), starts afresh.
     * Gives the next key's factor, if a key's answer is in and another press waits.
     */
    answered(zoom) {
      if (this.#sent && (zoom !== this.from || Math.abs(Math.log(this.by)) >= wholeRung)) this.by = 1;
      let next;
      if (this.#key && (this.#sent || this.by === 1)) {
        this.#key = false;
        next = this.#keys.shift();
      }
      this.#sent = false;
      return next;
    }
  }

  /**
   * Where a view's requests stand, as a value: one frame request at a time, what the next says gathering in `want`.
   * Each event (a method) moves `phase` by a row of `moves`, no other way, and says what `RequestCycle` does next.
   */
  class RequestState {
    // from event to. `send`: a frame came, the view laid out with something to say and it due (a plain scroll every
    // `pace` frames); in flight, anything but a plain scroll replaces it, except after a key or a step (the next
    // counts from its answer): those wait (`dirty`). `fail`: no answer in `timeout`, 408, 429, 5xx (what it asked
    // goes back into `want`); `due`: after `Retry-After`, or a backoff from `firstRetry` doubled to `lastRetry`.
    // `place`: placed anew, `seq` moves on. `stop`: the view left the page.
    static moves = ['idle send inFlight', 'inFlight send inFlight', 'inFlight answer idle', 'inFlight fail retrying',
      'retrying due idle', 'inFlight stop idle', 'idle place idle', 'inFlight place idle', 'retrying place retrying'];

    want = null; seq = 0; pace = 1; keys = new KeyQueue(); phase = 'idle';
    /** Whether an animation frame is asked for. */
    framed = false;
    // The request in flight's number, whether it is a key's or a step's, whether more was asked meanwhile; plain
    // scrolls not yet due; the last backoff.
    #flight = 0; #steady = false; #dirty = false; #waited = 0; #backoff = 0;

    #move(event, to) {
      const move = `${this.phase} ${event} ${to}`;
      if (!RequestState.moves.includes(move)) throw new Error(`Endless: no move ${move}`);
      this.phase = to;
    }

    /** Adds `want`: whether to ask for an animation frame. */
    ask(want) {
      this.want = Object.assign(this.want || {}, want);
      return !this.framed && (this.framed = true);
    }

    /** The frame came: whether to send after its tasks (a placement's, once painted). */
    frame() {
      this.framed = false;
      return Boolean(this.want?.first);
    }

    /** Nothing, `{ again }` (ask next frame), or the request `id` to make, and whether it `replaces` one. */
    send(laidOut, own) {
      const want = this.want;
      if (!want || this.phase === 'retrying' || !laidOut()) return null;
      const extra = own();
      if (!extra) return null;
      const plain = !(want.end || want.key || want.first || want.resize || want.zoom || want.item || want.pick);
      const early = plain && ++this.#waited < this.pace;
      if (this.phase === 'inFlight' && (plain || this.#steady)) {
        this.#dirty = true;
        return null;
      }
      if (early) return { again: true };
      const replaces = this.phase === 'inFlight';
      this.#move('send', 'inFlight');
      [this.want, this.#dirty, this.#waited] = [null, false, 0];
      const next = want.key && this.keys.next(); // a key's presses after this one's answer
      if (next) [this.want, this.#dirty] = [next, true];
      this.#flight = this.seq += 1;
      this.#steady = Boolean(want.key || want.item);
      return { want, own: extra, id: this.seq, replaces };
    }

    /** Request `id` answered, or aborted: whether to ask again. */
    answered(id) {
      this.#backoff = 0;
      return this.#ended(id, 'answer');
    }

    stopped(id) { return this.#ended(id, 'stop'); }

    #ended(id, event) {
      if (id !== this.#flight) return false;
      this.#move(event, 'idle');
      this.#flight = 0;
      return this.#dirty;
    }

    /** Request `id` failed, the view still asking `lost`: how long to wait, and whether to ask meanwhile. */
    failed(id, lost, retryAfter, random) {
      if (id !== this.#flight) return null;
      this.want = { ...lost, ...this.want };
      this.#backoff = Math.min(this.#backoff * 2 || firstRetry, lastRetry);
      this.#move('fail', 'retrying');
      this.#flight = 0;
      return { wait: 1000 * retryAfter || this.#backoff * (1 + random) / 2, again: this.#dirty };
    }

    due() { this.#move('due', 'idle'); }

    placed() {
      this.#move('place', this.phase === 'retrying' ? 'retrying' : 'idle');
      this.#flight = this.#waited = 0;
      this.seq += 1;
      this.pace = 1;
    }
  }

  /**
   * A view's request cycle: `state` moved by animation frames, timers and the exchange. The view (`host`) is laid out
   * or not (`[laidOut]`), adds its own parameters (`[extra]`: `null` asks nothing yet), makes the exchange
   * (`[exchange]`: rejects to retry) and says what a lost request still asks (`[lost]`).
   */
  class RequestCycle {
    state = new RequestState();
    #host; #control = null;

    constructor(host) { this.#host = host; }

    /** Sent at most once an animation frame. */
    ask(want) {
      if (this.state.ask(want)) {
        requestAnimationFrame(() => (this.state.frame() ? setTimeout(() => this.#send()) : this.#send()));
      }
    }

    /** Placed anew: the request in flight goes, and a new `seq` drops its answer. */
    placed() {
      this.stop();
      this.state.placed();
    }

    stop() { this.#control?.abort(); }

    #send() {
      const host = this.#host;
      const sent = this.state.send(() => host[laidOut](), () => host[extra]());
      if (!sent) return;
      if (sent.again) return this.ask({});
      if (sent.replaces) this.#control?.abort();
      const control = (this.#control = new AbortController());
      const timer = setTimeout(() => control.abort('timeout'), timeout);
      host[exchange](sent.want, sent.own, control.signal).then(
        () => {
          clearTimeout(timer);
          if (this.state.answered(sent.id)) this.ask({});
        },
        (error) => {
          clearTimeout(timer);
          if (control.signal.aborted && control.signal.reason !== 'timeout') {
            if (this.state.stopped(sent.id)) this.ask({});
            return;
          }
          const retry = this.state.failed(
            sent.id, host[lost](sent.want, error), error.headers?.get('Retry-After'), Math.random());
          if (!retry) return;
          setTimeout(() => {
            this.state.due();
            this.ask({});
          }, retry.wait);
          if (retry.again) this.ask({});
        });
    }
  }

  /** Arrow, page, Home and End keys: a key's presses add up while its answer is on its way (they count from its
   * snap); another key waits after it. */
  class KeyQueue {
    #later = [];

    /** `key` pressed while `asked` is being asked: what to ask now. */
    press(key, asked) {
      const last = this.#later.at(-1) ?? asked;
      if (!last?.key) return { key, presses: 1 };
      if (last.key === key) last.presses = Math.min(last.presses + 1, mostPresses);
      else if (this.#later.length < mostPresses) this.#later.push({ key, presses: 1 });
      return {};
    }

    /** The key waiting after the one sent, if any. */
    next() { return this.#later.shift(); }
  }

  /**
   * A timeline's items as its reports carry them: the set its tiles show (sent back as `drawn`), the item stepped to
   * and held (`selected`), the steps (`[`, `]`) not yet asked, each sent from the last one's answer, and the asking
   * again at rest after the server's `refresh` ms, so that a changed set shows.
   */
  class ItemSteps {
    /** The last frame's `items`; `null` without. */
    set = null;
    /** The item stepped to, held until the reader moves. */
    held = null;
    #steps = []; #refresh = 0;

    /** `previous` (`[`) or `next` (`]`), unless `mostPresses` wait. */
    step(direction) { if (this.#steps.length < mostPresses) this.#steps.push(direction); }

    /** The report's part: the set drawn, the item held, the next step if `want` asks one. */
    report(q, want) {
      if (this.set) q.set('drawn', this.set.drawn);
      if (this.held) q.set('selected', this.held.index);
      if (want.item && (want.item = this.#steps.shift())) q.set('item', want.item);
    }

    /** A step whose request was lost goes first again: whether a step waits. */
    lost(step) {
      if (step) this.#steps.unshift(step);
      return this.#steps.length > 0;
    }

    /** A frame's `items`, asked as `want`: the item it names, if any. `again` asks for the next step, and at rest. */
    answered(items, want, again) {
      this.set = items ?? null;
      this.stop();
      if (!items) return null;
      const item = items.item ?? null;
      if (want.item || !item) this.held = item;
      if (this.#steps.length) again({ item: 1 });
      this.#refresh = setTimeout(() => again({}), items.refresh);
      return item;
    }

    stop() { clearTimeout(this.#refresh); }

    reset() {
      this.set = this.held = null;
      this.#steps = [];
    }
  }

  /**
   * What the page measures for the server (protocol.md): when it saw the reader's scroll (`t`), its quickest round
   * trip (`rtt`) and the middle gap between scroll events a frame apart (`frame`).
   */
  class Measures {
    #roundTrips = []; #frameGaps = []; #scrolledAt = null; #firstTrip;

    /** `firstTrip`: the round trip reported until one is measured (this script's own, 0 if unknown). */
    constructor(firstTrip = 0) { this.#firstTrip = firstTrip; }

    /** A scroll event, at `now`. */
    scrolled(now) {
      const gap = now - (this.#scrolledAt ?? -Infinity);
      if (gap < longestFrame) this.#frameGaps = [...this.#frameGaps.slice(1 - samplesKept), gap];
      this.#scrolledAt = now;
    }

    /** The page wrote a scroll position: its scroll event is no frame after the last. */
    wrote() { this.#scrolledAt = null; }

    /** An answer took `trip` of the network's time. */
    answered(trip) { this.#roundTrips = [...this.#roundTrips.slice(1 - samplesKept), trip]; }

    /** `t` (when the page saw this position, not when it asks at `sent`), `rtt` and `frame`. */
    report(q, sent) {
      q.set('t', Math.round(this.#scrolledAt ?? sent));
      // The quickest: the network's part, not a busy moment.
      q.set('rtt', Math.round(this.#roundTrips.length ? Math.min(...this.#roundTrips) : this.#firstTrip));
      const gaps = [...this.#frameGaps].sort((a, b) => a - b); // the median, not a stall
      if (gaps.length) q.set('frame', Math.round(gaps[gaps.length >> 1]));
    }
  }

  /**
   * Whether the value shown is the server's: not once the reader scrolled and the server is away (stale) or no
   * answer came within `grace` (late), so that a form never submits a value nobody saw. `changed(unknown)` hears it.
   */
  class Confirmation {
    stale = false;
    /** The reader's scrolls: counted, and those the last answer saw. */
    scrolls = 0; #confirmed = 0;
    #late = false; #lateTimer = 0; #changed;

    constructor(changed) { this.#changed = changed; }

    /** The reader scrolled: unconfirmed until answered. */
    scrolled() {
      this.scrolls += 1;
      if (!this.#lateTimer) this.#waitForAnswer();
      if (this.stale) this.#check();
    }

    /** An answer saw the reader's first `scrolls`. */
    confirmed(scrolls) { this.#confirmed = scrolls; }

    /** An answer came: not late; the grace starts again if the reader scrolled on. */
    answered() {
      clearTimeout(this.#lateTimer);
      this.#lateTimer = 0;
      if (this.scrolls !== this.#confirmed) this.#waitForAnswer();
      if (this.#late) {
        this.#late = false;
        this.#check();
      }
    }

    setStale(on) {
      this.stale = on;
      this.#check();
    }

    #waitForAnswer() {
      clearTimeout(this.#lateTimer);
      this.#lateTimer = setTimeout(() => {
        this.#lateTimer = 0;
        this.#late = this.scrolls !== this.#confirmed;
        this.#check();
      }, grace);
    }

    #check() { this.#changed((this.stale || this.#late) && this.scrolls !== this.#confirmed); }
  }

  // Without a page (Node's test runner): the parts alone.
  if (typeof document === 'undefined') {
    module.exports = {
      Zoom, RequestState, RequestCycle, KeyQueue, ItemSteps, Measures, Confirmation, laidOut, extra, exchange, lost,
    };
    return;
  }

  const script = document.currentScript;
  // The server: this script's folder, less a versioned `v/VERSION/`.
  const base = (script ? new URL('.', script.src).href.replace(/\/v\/[^/]+\/$/, '/') : `${location.origin}/`)
    .replace(/\/$/, '');
  // This script's round trip (0 if unknown): reported until one is measured.
  const scriptTiming = script && performance.getEntriesByName(script.src)[0];
  const scriptRoundTrip = scriptTiming && scriptTiming.requestStart > 0
    ? Math.max(0, scriptTiming.responseStart - scriptTiming.requestStart) : 0;
  const scrollOf = { left: 'scrollLeft', top: 'scrollTop' };
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
  // No scroll event this long ends a scroll without `scrollend` (WebKit; a smooth snap cut short elsewhere).
  const quietEnd = 'onscrollend' in window ? 500 : 150;
  // A snap of ours still on its way is given longer than `quietEnd`: a loaded machine may paint none of its frames for a while, and
  // ending it there would settle on the tick nearest a point on the way (WebKit, a step back from 20:00 to 15:00
  // settled on 16:00).
  const quietSnap = 600;
  // Elements without a server (one warning).
  const offline = new Set();
  // A smooth snap that stops this short of its point has arrived.
  const snapSlack = 1;
  // A wheel's notch in lines (Firefox) is this many pixels; a zoom of this many pixels is a factor e.
  const wheelLine = 33, wheelPerE = 100;
  // A ruler's or a timeline's thickness without `height`, and a tick's touch on a phone.
  const thicknessAlone = 120, tickVibration = 8;
  // The reader's language: the element's `lang`, else its closest ancestor's (`<html lang>` last), else the
  // browser's; the first that is a BCP 47 tag (`Intl` canonicalizes it: one spelling, one cached answer).
  const languageOf = (el) => {
    for (const tag of [el.closest('[lang]')?.lang, navigator.language]) {
      try {
        const [canonical] = Intl.getCanonicalLocales(tag || []);
        if (canonical?.length <= 64) return canonical;
      } catch { /* not a tag: the next */ }
    }
    return '';
  };
  // A `lang` or `dir` changed anywhere: each view whose words or direction it changes draws again where it is.
  const views = new Set();
  const languages = new MutationObserver(() => { for (const view of views) view[relocate](); });
  const template = document.createElement('template'), shadow = document.createElement('template');
  // An opaque scroller, so that the compositor scrolls it (protocol.md).
  const css = `:host { display: block; position: relative; overflow: hidden; height: 120px;
  background: var(--endless-background, #fafafa); font: 14px/1.4 system-ui, sans-serif; }
:host([hidden]) { display: none; }
:host(:focus-visible) { outline: 2px solid #1e88e5; outline-offset: -2px; }
.view { position: absolute; inset: 0; overflow: auto; scrollbar-width: none; direction: ltr;
  background: var(--endless-background, #fafafa); }
.view::-webkit-scrollbar { display: none; }
.follower .view, .disabled .view { overflow: hidden; }
.disabled { opacity: .5; }
.content { position: relative; min-width: 100%; min-height: 100%; }
.canvas { position: absolute; left: 0; top: 0; display: block; width: 100%; height: 100%; overflow: visible; }
.static { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  overflow: hidden; pointer-events: none; }
.live .static { display: none; }
.pointer { display: none; position: absolute; background: var(--endless-accent, #e53935); pointer-events: none; }
.ruler .pointer, .timeline .pointer { display: block; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px; }
.ruler.y .pointer, .timeline.y .pointer { top: 50%; bottom: auto; left: 0; right: 0; width: auto; height: 2px; margin: -1px 0 0; }
.error { position: absolute; inset: 0; margin: 0; padding: .5em; color: #b00020; background: #fff3f3; }
.stale { position: absolute; top: 6px; right: 6px; width: 6px; height: 6px; border-radius: 50%; background: #888;
  opacity: 0; transition: opacity .3s; pointer-events: none; }
:host([stale]) .stale { opacity: 1; }
:host([stale]) .canvas { opacity: .6; }
:host([zoomable]) .view, .grid .view { touch-action: pan-x pan-y; }
.lanes { position: absolute; left: 0; pointer-events: none; }
.lanes svg { display: block; }
.edge { pointer-events: none; }
.said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }`;

  // A page that requires Trusted Types gets HTML only from a policy: this one, `endless`, passes this script's own
  // markup and the server's SVG (its `trusted-types` list must name it). Styles are constructed sheets, which no
  // `style-src` forbids, not `<style>` elements.
  let policy;
  try {
    policy = window.trustedTypes?.createPolicy('endless', { createHTML: (markup) => markup });
  } catch {
    console.error("Endless: add `endless` to the page's `trusted-types` policy names");
  }
  const trusted = (markup) => (policy ? policy.createHTML(markup) : markup);
  const sheet = (text = '') => {
    const made = new CSSStyleSheet();
    made.replaceSync(text);
    return made;
  };
  const baseSheet = sheet(css);

  // Shadow roots are cloned from one parsed once. Tiles are aria-hidden: the element's ARIA says what they show.
  shadow.innerHTML = trusted('<div class="frame">' +
    '<div class="view" part="view" aria-hidden="true"><div class="content"><svg class="canvas"></svg></div></div>' +
    '<div class="static"><slot></slot></div><div class="lanes"></div>' +
    '<div class="pointer" part="pointer"></div><p class="said" role="status"></p>' +
    '<div class="stale" part="stale"></div><p class="error" role="alert" hidden></p></div>');

  const placeTile = (el, tile) => { el.setAttribute('x', tile.left); el.setAttribute('y', tile.top); };

  const setAria = (el, values) => {
    for (const [name, value] of Object.entries(values)) el.setAttribute(`aria-${name}`, value);
  };

  /**
   * One live view and the frame protocol; not an element of its own.
   * @fires input - while what it shows changes, at most once per animation frame
   * @fires change - once a scroll has settled on a new value (a tick, an item centred, a point)
   * @fires endless-frame - after every frame applied (a follower follows its leader's)
   * @fires endless-offline - its server stopped answering: it is stale, and asks again by itself
   * @fires endless-online - its server answers again
   */
  class EndlessView extends HTMLElement {
    // Its requests (`RequestCycle`), what it measures for them (`Measures`) and whether its value is the server's
    // (`Confirmation`). Keys: an arrow's presses add up in the cycle (`KeyQueue`); a zoom key waits in `#zooming`, a
    // step (`[`, `]`) in `#items`, each sent once the last one's answer is in.
    #frame; #view; #content; #canvas; #error; #lanes; #said; #themeSheet = sheet(); #sizeSheet = sheet();
    #kind; #configuration; #placedIn = '{}';
    #readout = {}; #tiles = new Map(); #axes = []; #mark = null;
    #startAt = null; #committed = null;
    #cycle = new RequestCycle(this);
    // `#ours`: our last write.
    #ours = ''; #measures = new Measures(scriptRoundTrip);
    #confirmation = new Confirmation((unknown) => {
      const message = unknown ? 'Waiting for the server to confirm the value' : '';
      if (this.constructor.formAssociated) this[internals].setValidity({ customError: unknown }, message);
    });
    #moved = false; #snapping = null; #quiet = 0; #size = '';
    // The zoom asked by gestures and keys; the old scale's tiles, scaled under the new ones until the next frame.
    #zooming = new Zoom(); #underlay = null;
    #items = new ItemSteps();
    // The titles at the leading edge, as placed in the content (`edge`), and the markup they came from.
    #edge = null; #edgeShown = '';

    /**
     * @param {string} kind the server's name for the view (`/frame/{kind}`)
     * @param {string[]} configuration the attributes sent with every request
     */
    constructor(kind, configuration) {
      super();
      this.#kind = kind;
      this.#configuration = configuration;
      this[internals] = this.attachInternals();
      const root = this.attachShadow({ mode: 'open' });
      root.append(shadow.content.cloneNode(true));
      root.adoptedStyleSheets = [baseSheet, this.#sizeSheet, this.#themeSheet]; // the server's size (items) wins
      [this.#frame, this.#view, this.#content, this.#canvas, this.#error, this.#lanes, this.#said] =
        ['.frame', '.view', '.content', '.canvas', '.error', '.lanes', '.said'].map((s) => root.querySelector(s));
      this.#frame.classList.add(kind);
      this.#view.addEventListener('scroll', () => this.#scrolled(), { passive: true });
      this.#view.addEventListener('scrollend', () => this.#ended());
      // The reader takes over a snap in progress.
      for (const type of ['wheel', 'touchstart', 'pointerdown']) {
        this.#view.addEventListener(type, () => { this.#snapping = null; }, { passive: true });
      }
      this.addEventListener('keydown', (event) => {
        if (!keys.includes(event.key) || this.#still() || event.altKey || event.ctrlKey) return;
        event.preventDefault();
        this.#press(event.key);
      });
      // A new size moves the pointer or centre: ask again.
      new ResizeObserver(() => {
        const now = `${this.#view.clientWidth}x${this.#view.clientHeight}`;
        if (this.#size && now !== this.#size) this[ask](this.#axes.length ? { resize: 1 } : { first: 1 });
        this.#size = now;
      }).observe(this);
      // Items: `[` and `]` step to the previous and next, Enter chooses the one stepped to, a click the one under it.
      this.addEventListener('keydown', (e) => {
        const step = { '[': 'previous', ']': 'next' }[e.key];
        if (!this.#items.set || this.#still() || e.altKey || e.ctrlKey || e.metaKey) return;
        if (step) {
          this.#items.step(step);
          this[ask]({ item: 1 });
        } else if (e.key === 'Enter' && this.#items.held) this.#choose(this.#items.held);
        else return;
        e.preventDefault();
      });
      this.#view.addEventListener('click', (e) => {
        if (!this.#items.set || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        // A link is followed once the page has had its say (`endless-item` cancelled, it stays).
        const link = e.composedPath().some((node) => node.localName === 'a');
        if (link) e.preventDefault();
        const r = this.getBoundingClientRect();
        this[ask]({ pick: `${Math.round(e.clientX - r.left)},${Math.round(e.clientY - r.top)}`, link });
      });
      this.addEventListener('keydown', (e) => {
        const by = { '+': 2, '=': 2, '-': 0.5 }[e.key];
        if (by && !e.ctrlKey && !e.metaKey) this.#zoom(by, null, e, true);
      });
      this.addEventListener('wheel', (e) => (e.ctrlKey || e.metaKey)
        && this.#zoom(Math.exp(-e.deltaY * (e.deltaMode ? wheelLine : 1) / wheelPerE), e, e), { passive: false });
      // A pinch zooms the element, not the page (`touch-action`).
      for (const type of ['touchstart', 'touchmove']) {
        this.addEventListener(type, (e) => {
          const [a, b] = e.touches, apart = b && Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
          const by = this.#zooming.pinch(apart, type === 'touchmove');
          if (by) this.#zoom(by, { clientX: (a.clientX + b.clientX) / 2, clientY: (a.clientY + b.clientY) / 2 });
        }, { passive: true });
      }
    }

    /** Zooms by `by` at `point` (else its centre), if it zooms. */
    #zoom(by, point, event, key) {
      if (!this[zoomable]() || this.#still()) return;
      event?.preventDefault();
      const at = point && this[zoomPoint](point, this.getBoundingClientRect());
      if (!this.#zooming.add(by, at, this.readout.zoom, key)) return;
      this[ask]({ zoom: 1 });
      // A gesture ends as a scroll does, once quiet: its end settles it (a grid's new level is labelled then).
      this.#moved = true;
      this.#quietFromNow();
    }

    /**
     * What the last frame says it shows (`text`, `image`, a ruler's `value`…: endless.d.ts); empty until then.
     * @type {Readonly<Record<string, string>>}
     */
    get readout() { return this.#readout; }

    /**
     * Moves as the key would (`grid.press('Home')`: back to its centre); not while disabled or following.
     * @param {string} key `ArrowLeft`, `ArrowRight`, `ArrowUp`, `ArrowDown`, `PageUp`, `PageDown`, `Home` or `End`
     */
    press(key) { if (keys.includes(key) && !this.#still()) this.#press(key); }

    #press(key) {
      this.#items.held = null;
      this[ask](this.#cycle.state.keys.press(key, this.#cycle.state.want));
    }

    connectedCallback() {
      views.add(this);
      languages.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['lang', 'dir'] });
      if (!this.hasAttribute('tabindex') && !this.hasAttribute('follows')) this.tabIndex = 0;
      this[placeAt](this[start]());
    }

    disconnectedCallback() {
      this.#cycle.stop();
      this.#items.stop();
      offline.delete(this);
      views.delete(this);
    }

    /** The language and direction its words are drawn in: the page's, unless its own attributes say. */
    #locale() {
      const own = { locale: languageOf(this) };
      // An Arabic, Hebrew or Persian page reads right to left without a word from its author.
      if (this.#configuration.includes('dir') && !this.hasAttribute('dir')
        && this.getAttribute('orientation') !== 'vertical' && getComputedStyle(this).direction === 'rtl') {
        own.dir = 'rtl';
      }
      return own;
    }

    // Where it is; where it was to open, if no answer came yet.
    [relocate]() {
      if (!this.#startAt || JSON.stringify(this.#locale()) === this.#placedIn) return;
      this[placeAt](this.#axes.length ? this[here]() : this.#startAt);
    }

    // Not while upgraded or parsed: one placement, not one per attribute.
    // The server's zoom, reflected, changes nothing; another rescales where it is.
    attributeChangedCallback(name, old, value) {
      if (!this.isConnected || !this.#startAt) return;
      if (name !== 'zoom') this[placeAt](this[start]());
      else if (value !== this.readout.zoom) this[placeAt](this[here]());
    }

    #still() { return Boolean(this.disabled) || this[following](); }

    /** Starts anew at `at`: every tile goes, the server places it again. */
    [placeAt](at) {
      for (const tile of this.#tiles.values()) tile.remove();
      this.#cycle.placed();
      this.#tiles = new Map();
      this.#axes = [];
      this.#mark = this.#committed = null;
      this.#items.stop();
      this.#items.reset();
      this.#lanes.replaceChildren();
      this.#edge?.remove();
      this.#edge = null;
      this.#edgeShown = '';
      this.#startAt = at;
      this.#placedIn = JSON.stringify(this.#locale());
      this.#sizeSheet.replaceSync(this[sizeCSS]());
      this[ask]({ first: 1 });
    }

    /** A follower's scroll is the server's. */
    #scrolled() {
      this.#measures.scrolled(performance.now());
      if (this[following]()) return;
      // The reader's, not ours: the value is unknown until answered.
      if (!this.#snapping && this.#where() !== this.#ours) {
        this.#confirmation.scrolled();
        this.#items.held = null;
      }
      this.#moved = true;
      this[ask]({});
      this.#quietFromNow();
      // A snap replacing another may get no `scrollend` (Chromium fires it for the one cut short).
      if (this.#snapping && this.#atSnap()) this.#ended();
    }

    /** A scroll ends once it has been quiet for `quietEnd` from now (`quietSnap` while our snap is on its way). */
    #quietFromNow() {
      clearTimeout(this.#quiet);
      const wait = this.#snapping && !this.#atSnap() ? quietSnap : quietEnd;
      this.#quiet = setTimeout(() => this.#ended({ quiet: true }), wait);
    }

    /** Settles once, unless our snap is on its way (after `quietSnap`, it stopped short). */
    #ended({ quiet = false } = {}) {
      if (this[following]() || !this.#moved || (this.#snapping && !this.#atSnap() && !quiet)) return;
      // A smooth snap may stop a fraction of a point short.
      for (const [edge, at] of Object.entries(this.#snapping && this.#atSnap() ? this.#snapping : {})) {
        if (this.#view[scrollOf[edge]] !== at) this.#wrote(edge, at);
      }
      this.#snapping = null;
      this.#moved = false;
      this[ask]({ end: 1 });
    }

    #atSnap() {
      return Object.entries(this.#snapping).every(([edge, at]) => Math.abs(this.#view[scrollOf[edge]] - at) <= snapSlack);
    }

    /** Writes a scroll position, known as ours when its scroll event comes. */
    #wrote(edge, position) {
      this.#view[scrollOf[edge]] = position;
      this.#measures.wrote();
      this.#ours = this.#where();
    }

    #where() { return `${this.#view.scrollLeft},${this.#view.scrollTop}`; }

    /**
     * Already at the snap: settle now (no `scrollend` would come). A snap's quiet counts from its start: a scroll's
     * quiet time running out before the snap's first scroll event would end the snap where it starts.
     */
    #snapTo() {
      if (!this.#atSnap()) {
        this.#quietFromNow();
        return this.#view.scrollTo({ ...this.#snapping, behavior: 'smooth' });
      }
      this.#moved = true;
      this.#ended();
    }

    /** At most once an animation frame; a placement's once its frame is painted (protocol.md). */
    [ask](want) { this.#cycle.ask(want); }

    [laidOut]() { return Boolean(this.#view.clientWidth && this.#view.clientHeight); }

    /** The configuration, then the report (docs/protocol.md). */
    #query(want, own, sent) {
      const q = new URLSearchParams();
      for (const name of this.#configuration) {
        if (this.hasAttribute(name)) q.set(name, this.getAttribute(name));
      }
      q.set('seq', this.#cycle.state.seq);
      q.set('size', `${this.#view.clientWidth},${this.#view.clientHeight}`);
      // A key counts from where the last key's snap is taking the view, not from part of the way there.
      const from = { left: this.#view.scrollLeft, top: this.#view.scrollTop,
        ...((want.key || want.item) && this.#snapping) };
      q.set('scroll', `${from.left},${from.top}`);
      // A placement opens where asked, even if an answer came since.
      const at = want.first || !this.#axes.length ? this.#startAt : want.resize ? this[here]() : {};
      if (this.#axes.length && !want.first) {
        q.set('origin', this.#axes.map((axis) => axis.origin).join());
        q.set('have', this.#axes.map((axis) => axis.have).join());
      }
      for (const [name, value] of Object.entries({ ...at, ...own })) q.set(name, value);
      this.#zooming.report(q);
      this.#measures.report(q, sent);
      if (this.#mark && !want.first) q.set('mark', this.#mark);
      // Not an end while our snap is on its way: one asked before it came would settle short of it.
      if (want.end && !(this.#snapping && !this.#atSnap())) q.set('end', '1');
      if (want.resize) q.set('resize', '1');
      if (want.key) q.set('key', want.key);
      if (want.presses > 1) q.set('presses', want.presses);
      this.#items.report(q, want);
      if (want.pick) q.set('pick', want.pick);
      // The language and direction it was placed in, last: what a page writes (attributes) comes first.
      for (const [name, value] of Object.entries(JSON.parse(this.#placedIn))) if (value) q.set(name, value);
      // A space as `%20`: the server takes `+` literally (`unit=fl oz`).
      return q.toString().replace(/\+/g, '%20');
    }

    /** Asks for `want` with the view's own parameters `own` and applies the answer; rejects with what to retry. */
    async [exchange](want, own, signal) {
      const sent = performance.now(), scrolls = this.#confirmation.scrolls;
      const response = await fetch(`${base}/frame/${this.#kind}?${this.#query(want, own, sent)}`, { signal });
      const answered = performance.now(), status = response.status;
      if (status >= 500 || status === 408 || status === 429) throw response;
      if (!response.ok) {
        this[stale](false);
        return this[fail](await response.text());
      }
      const frame = await response.json();
      this.#measures.answered(Math.max(0, answered - sent - (frame.took || 0)));
      if (frame.seq === this.#cycle.state.seq) {
        this.#confirmation.confirmed(scrolls);
        this.#apply(frame, Boolean(want.first));
        this.#applyItems(frame, want);
      }
      this.#confirmation.answered();
      this[stale](false);
    }

    /** A request lost to a blip: stale, and what it asked that the next must ask again (a step is not lost). */
    [lost]({ first, resize, end, item }, error) {
      this[stale](true, error.status || error.message || error);
      return { first, resize, end: end && !this.#moved, item: this.#items.lost(item) };
    }

    /** Stale: it keeps what it has, and says so. */
    [stale](on, why) {
      if (on !== this.#confirmation.stale) {
        this.toggleAttribute('stale', on);
        try { this[internals].states?.[on ? 'add' : 'delete']('stale'); } catch {} // older engines: the attribute
        if (on && !offline.size) console.warn(`Endless: no answer from ${base} (${why}); asking again`);
        offline[on ? 'add' : 'delete'](this);
        this.#confirmation.setStale(on);
        this.dispatchEvent(new Event(on ? 'endless-offline' : 'endless-online', { bubbles: true }));
      }
    }

    /** A bad attribute: the server's line, in the element and the console. */
    [fail](message) {
      this.#error.textContent = message.trim();
      this.#error.hidden = false;
      console.error(`<${this.localName}${this.id ? ` id="${this.id}"` : ''}>: ${message.trim()}`);
    }

    /** Tiles first, so a recenter moves content and scroll together; then the readout. */
    #apply(frame, quiet) {
      this.#error.hidden = true;
      if (frame.style) this.#themeSheet.replaceSync(frame.style);
      this.#underlay?.remove();
      this.#underlay = null;
      if (frame.underlay) { // a new scale: the old one's tiles, scaled as the server says, under the new ones
        this.#underlay = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        this.#underlay.setAttribute('transform', frame.underlay);
        this.#underlay.append(...this.#tiles.values());
        this.#canvas.prepend(this.#underlay);
        this.#tiles = new Map();
      }
      this.#applyTiles(frame);
      this.#applyAxes(frame.axes);
      if (frame.style) this.#frame.classList.add('live', ...frame.axes.map((axis) => axis.axis));
      this.#mark = frame.mark;
      this.#cycle.state.pace = frame.pace || 1;
      this.#applyReadout(frame, quiet);
      // The server's scale is `zoom`.
      const zoom = frame.readout.zoom;
      if (zoom && zoom !== this.getAttribute('zoom')) this.setAttribute('zoom', zoom);
      // A key's zoom answered (or undone by a gesture): the next press goes.
      const next = this.#zooming.answered(zoom);
      if (next) this.#zoom(next, null, null, true);
      this.dispatchEvent(new CustomEvent('endless-frame'));
    }

    #applyTiles({ remove, move, add }) {
      for (const key of remove) {
        this.#tiles.get(key)?.remove();
        this.#tiles.delete(key);
      }
      for (const tile of move) {
        const el = this.#tiles.get(tile.key);
        if (el) placeTile(el, tile);
      }
      if (!add.length) return;
      // One parse and insertion a frame, not a tile.
      template.innerHTML = trusted(add.map((tile) => tile.svg).join(''));
      const added = [...template.content.children];
      add.forEach((tile, index) => {
        placeTile(added[index], tile);
        this.#tiles.get(tile.key)?.remove();
        this.#tiles.set(tile.key, added[index]);
      });
      this.#canvas.append(template.content);
    }

    /**
     * A timeline's items: the lanes' names in view, the titles at its leading edge, the item stepped to said and
     * held, the one clicked chosen; it asks again at rest after `refresh` ms, so that a changed set shows.
     */
    #applyItems({ items }, want) {
      const item = this.#items.answered(items, want, (again) => this[ask](again));
      if (!items) return;
      if (items.lanes !== undefined) {
        template.innerHTML = trusted(items.lanes);
        this.#lanes.replaceChildren(template.content);
      }
      // The titles of bars crossing the leading edge, placed by the server over the tiles (after any added).
      if (items.edge !== this.#edgeShown) {
        this.#edge?.remove();
        template.innerHTML = trusted(items.edge);
        this.#edge = template.content.firstElementChild;
        this.#edgeShown = items.edge;
      }
      if (this.#edge && this.#edge !== this.#canvas.lastElementChild) this.#canvas.append(this.#edge);
      if (want.item) this.#said.textContent = item?.text ?? '';
      if (want.pick && item && this.#choose(item) && want.link && item.url) location.assign(item.url);
    }

    /** Fires `endless-item` with the item's fields: true unless the page cancelled it. */
    #choose(item) {
      const detail = Object.fromEntries(Object.entries(item).filter(([name]) => name !== 'index'));
      return this.dispatchEvent(new CustomEvent('endless-item', { detail, bubbles: true, cancelable: true }));
    }

    /** Per axis: a placement's scroll or a recenter's shift; then a smooth snap. */
    #applyAxes(axes) {
      const snap = {};
      let snapShifted = false;
      for (const axis of axes) {
        const [length, edge] = axis.axis === 'x' ? ['width', 'left'] : ['height', 'top'];
        if (axis.scroll !== null && axis.scroll !== undefined) {
          this.#content.style[length] = `${axis.content}px`;
          this.#wrote(edge, axis.scroll);
          this.#snapping = null;
        } else if (axis.shift) {
          this.#wrote(edge, this.#view[scrollOf[edge]] + axis.shift); // stops a smooth snap: restarted below
          if (this.#snapping && edge in this.#snapping) this.#snapping[edge] += axis.shift;
          snapShifted = snapShifted || Boolean(this.#snapping);
        }
        if (axis.snap !== null && axis.snap !== undefined) snap[edge] = axis.snap;
      }
      if (Object.keys(snap).length) this.#snapping = snap;
      if (this.#snapping && (Object.keys(snap).length || snapShifted)) this.#snapTo();
      this.#axes = axes.map((axis) => ({ origin: axis.origin, have: axis.have }));
    }

    /** `input` when the text changes, `change` once settled. */
    #applyReadout({ readout, settled }, quiet) {
      const changed = readout.text !== this.#readout.text;
      this.#readout = readout;
      if (changed || quiet) this[show](readout);
      if (quiet) this.#committed = readout.text;
      else if (changed) this.dispatchEvent(new Event('input', { bubbles: true }));
      if (settled && this.#committed !== readout.text) {
        this.#committed = readout.text;
        this.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }

    /** `height` thick, 400 px long if vertical (the page's style wins over `:host`). */
    [sizeCSS]() {
      const thickness = /^\d+(\.\d+)?$/.test(this.getAttribute('height') || '') ? this.getAttribute('height') : thicknessAlone;
      return this.getAttribute('orientation') === 'vertical' ? `:host { width: ${thickness}px; height: 400px; }`
        : `:host { height: ${thickness}px; }`;
    }

    // Subclasses: where a placement opens; what a resize keeps; own parameters (`null`: ask nothing yet).
    [start]() { return {}; }
    [here]() { return {}; }
    [extra]() { return {}; }
    [following]() { return false; }
    [zoomable]() { return false; }
    [zoomPoint]() {}
    [show]() {}
  }

  const rulerConfiguration = ['min', 'max', 'step', 'ticks', 'spacing', 'ends', 'unit', 'format', 'grouping',
    'subdivisions', 'zoomable', 'zoom', 'min-zoom', 'max-zoom', 'height', 'orientation', 'dir', 'theme', 'factor'];
  const stillMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /** What a ruler and a timeline share: a slider and form control with a pointer, that may follow another. */
  class EndlessSlider extends EndlessView {
    static formAssociated = true;
    #frame;
    // Undefined until looked up, null when there is none.
    #leader = undefined;
    #heard = (event) => (event.type === 'endless-frame' ? this[ask]({}) : this[stale](true));
    // `haptics`: a tap per tick crossed while dragging.
    #touching = false; #felt;

    constructor(kind, configuration) {
      super(kind, configuration);
      this.#frame = this.shadowRoot.querySelector('.frame');
      for (const type of ['touchstart', 'touchend', 'touchcancel']) {
        this.addEventListener(type, () => { this.#touching = type === 'touchstart'; }, { passive: true });
      }
    }

    /**
     * The scale: a ruler's tick's value on a 1–2–5 ladder from `step`, a timeline's rung (`1h`).
     * @type {string}
     */
    get zoom() { return this.readout.zoom ?? this.getAttribute('zoom') ?? ''; }
    set zoom(zoom) { this.setAttribute('zoom', zoom); }

    /**
     * The exact value as a string (`"72.4"`, `"2026-10-25T01:00:00+00:00"`); set, it goes there.
     * @type {string}
     */
    get value() { return this.readout.value ?? this.getAttribute('value') ?? ''; }
    set value(value) { this[placeAt]({ value: String(value) }); }

    /** The form it belongs to, as for an `<input>`. @type {HTMLFormElement | null} */
    get form() { return this[internals].form; }

    /** The name it submits its value under (the `name` attribute). @type {string | null} */
    get name() { return this.getAttribute('name'); }
    set name(name) { this.setAttribute('name', name); }

    /** By its `disabled` attribute or a disabled fieldset: not submitted, not moved. @type {boolean} */
    get disabled() { return this.hasAttribute('disabled') || this.#frame.classList.contains('disabled'); }
    set disabled(on) { this.toggleAttribute('disabled', Boolean(on)); }

    connectedCallback() {
      if (!this.hasAttribute('follows') && !this.hasAttribute('role')) this.setAttribute('role', 'slider');
      super.connectedCallback();
    }

    // It stops listening to its leader at once; the next request looks it up again.
    disconnectedCallback() {
      super.disconnectedCallback();
      this.#listenTo(undefined);
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'follows' && old !== value) this.#listenTo(undefined);
      // The server's zoom, reflected, changes nothing; another rescales at the value shown.
      super.attributeChangedCallback(name, old, value);
    }

    formResetCallback() { this[placeAt](this[start]()); }

    formDisabledCallback(disabled) {
      this.#frame.classList.toggle('disabled', disabled);
      this.setAttribute('aria-disabled', String(disabled));
      if (!this.#leader) this.tabIndex = disabled ? -1 : 0;
    }

    formStateRestoreCallback(state) { if (state) this[placeAt]({ value: state }); }

    [start]() { return this.hasAttribute('value') ? { value: this.getAttribute('value') } : {}; }
    [here]() { return this.readout.value ? { value: this.readout.value } : {}; }
    [following]() { return Boolean(this.#leader); }
    [zoomable]() { return this.hasAttribute('zoomable'); }
    [zoomPoint](p, r) { return Math.round(this.readout.orientation === 'vertical' ? p.clientY - r.top : p.clientX - r.left); }

    /** A follower sends its leader's position (`LinkedRuler` places it). */
    [extra]() {
      const id = this.getAttribute('follows');
      if (!id) return this.#frame.classList.contains('follower') ? this.#unfollow() : {};
      const leader = document.getElementById(id);
      if (leader !== this.#leader) {
        this.#listenTo(leader);
        if (!leader) this[fail](`follows: no element with id ${id} on this page`);
      }
      this.#frame.classList.add('follower');
      const position = leader?.readout?.position;
      return position == null ? null : { lead: position }; // none yet: ask nothing
    }

    #listenTo(leader) {
      for (const type of ['endless-frame', 'endless-offline']) {
        this.#leader?.removeEventListener(type, this.#heard);
        leader?.addEventListener(type, this.#heard);
      }
      this.#leader = leader;
    }

    /** `follows` removed: a focusable slider again. */
    #unfollow() {
      this.#listenTo(null);
      this.#frame.classList.remove('follower');
      if (!this.hasAttribute('role')) this.setAttribute('role', 'slider');
      if (!this.hasAttribute('tabindex')) this.tabIndex = this.disabled ? -1 : 0;
      return {};
    }

    [show](readout) {
      this[internals].setFormValue(readout.value);
      if (this.#touching && readout.value !== this.#felt && this.hasAttribute('haptics') && !stillMotion.matches) {
        navigator.vibrate?.(tickVibration);
      }
      this.#felt = readout.value;
      if (this.#leader) return;
      setAria(this, { valuenow: readout.value, valuetext: readout.text, valuemin: readout.minimum,
        valuemax: readout.maximum, orientation: readout.orientation });
    }
  }

  /**
   * `<endless-ruler>`: a slider and form control with an exact decimal value; with `follows`, it follows that ruler.
   * @fires input - while its value changes, at most once per animation frame
   * @fires change - once a scroll has settled on a tick with a new value
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server (or its leader's) stopped answering
   * @fires endless-online - its server answers again
   */
  class EndlessRuler extends EndlessSlider {
    static observedAttributes = [...rulerConfiguration, 'value', 'follows'];

    constructor() { super('ruler', rulerConfiguration); }
  }

  const timelineConfiguration = ['tz', 'scale', 'spacing', 'min', 'max', 'step', 'ends', 'hours', 'week-start',
    'zoomable', 'zoom', 'height', 'orientation', 'dir', 'theme', 'items'];

  /**
   * `<endless-timeline>`: a time picker and form control; its value is an RFC 3339 instant with its zone's offset
   * (`2026-11-26T13:00:00+01:00`), now when not given. With `follows`, it shows that timeline's instant in its zone.
   * @fires input - while its value changes, at most once per animation frame
   * @fires change - once a scroll has settled on a tick with a new value
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server (or its leader's) stopped answering
   * @fires endless-online - its server answers again
   * @fires endless-item - with `items`: an item clicked, or Enter on the one `]` or `[` went to (cancel: no link)
   */
  class EndlessTimeline extends EndlessSlider {
    static observedAttributes = [...timelineConfiguration, 'value', 'follows'];

    constructor() { super('timeline', timelineConfiguration); }

    /** Milliseconds since 1970-01-01T00:00:00Z (NaN until answered); set, it goes there. @type {number} */
    get valueAsNumber() { return Number(this.readout.number ?? NaN); }
    set valueAsNumber(ms) { this.value = new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z'); }

    // A slider's numbers are numbers: seconds since the epoch, its text the instant as people read it.
    [show](readout) {
      super[show](readout);
      if (this[following]()) return;
      setAria(this, { valuenow: String(Number(readout.number) / 1000) });
      for (const end of ['minimum', 'maximum']) {
        const name = `aria-value${end.slice(0, 3)}`;
        if (readout[end]) this.setAttribute(name, String(Date.parse(readout[end]) / 1000));
        else this.removeAttribute(name);
      }
    }

    /** The server knows no clock: the element's is where it opens, unless `value` says. */
    [start]() { return { value: this.getAttribute('value') ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z') }; }
  }

  const loopConfiguration = ['count', 'spacing', 'inset', 'height', 'orientation', 'theme'];

  /**
   * `<endless-loop>`: seed 002's looping strip, a slider over its items.
   * @fires input - while the item centred changes, at most once per animation frame
   * @fires change - once a scroll has settled with a new item centred
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server stopped answering
   * @fires endless-online - its server answers again
   */
  class EndlessLoop extends EndlessView {
    static observedAttributes = [...loopConfiguration, 'item'];

    constructor() { super('loop', loopConfiguration); }

    /** The item centred (0 is the first); set, the loop goes there. @type {number} */
    get item() { return Number(this.readout.item ?? this.getAttribute('item') ?? 0); }
    set item(item) { this[placeAt]({ item: String(item) }); }

    connectedCallback() {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'slider');
      super.connectedCallback();
    }

    [start]() { return this.hasAttribute('item') ? { item: this.getAttribute('item') } : {}; }

    [show](readout) {
      setAria(this, { valuenow: readout.item, valuetext: readout.text, valuemin: readout.minimum,
        valuemax: readout.maximum, orientation: readout.orientation });
    }
  }

  const gridConfiguration = ['tile', 'theme', 'zoom'];

  /**
   * `<endless-grid>`: seed 004's infinite grid, centred on a world point.
   * @fires input - while the point at its centre changes, at most once per animation frame
   * @fires change - once a scroll has settled on a new point
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server stopped answering
   * @fires endless-online - its server answers again
   */
  class EndlessGrid extends EndlessView {
    static observedAttributes = [...gridConfiguration, 'x', 'y'];

    constructor() { super('grid', gridConfiguration); }

    /** Its zoom level: at level z a tile covers 2^z × 2^z of the world's; set, it rescales where it is. @type {number} */
    get zoom() { return Number(this.readout.zoom ?? this.getAttribute('zoom') ?? 0); }
    set zoom(zoom) { this.setAttribute('zoom', zoom); }

    /** The world point's x at its centre; set, the grid goes there. @type {number} */
    get x() { return Number(this.readout.x ?? this.getAttribute('x') ?? 0); }
    set x(x) { this[placeAt]({ x: String(x), y: String(this.y) }); }

    /** The world point's y at its centre; set, the grid goes there. @type {number} */
    get y() { return Number(this.readout.y ?? this.getAttribute('y') ?? 0); }
    set y(y) { this[placeAt]({ x: String(this.x), y: String(y) }); }

    connectedCallback() {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'group');
      if (!this.hasAttribute('aria-roledescription')) this.setAttribute('aria-roledescription', 'infinite grid');
      super.connectedCallback();
    }

    [start]() {
      return Object.fromEntries(['x', 'y'].filter((name) => this.hasAttribute(name))
        .map((name) => [name, this.getAttribute(name)]));
    }

    [here]() { return this.readout.x ? { x: this.readout.x, y: this.readout.y } : {}; }
    [zoomable]() { return true; }
    [zoomPoint](p, r) { return `${Math.round(p.clientX - r.left)},${Math.round(p.clientY - r.top)}`; }
    [sizeCSS]() { return ':host { height: 400px; }'; }
    [show](readout) { this.setAttribute('aria-description', `centred on ${readout.text}`); }
  }

  for (const [name, element] of [['endless-ruler', EndlessRuler], ['endless-loop', EndlessLoop],
    ['endless-grid', EndlessGrid], ['endless-timeline', EndlessTimeline]]) {
    if (!customElements.get(name)) customElements.define(name, element);
  }
})();
