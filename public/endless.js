// Endless elements: <endless-ruler>, <endless-loop> and <endless-grid>. Each reports where it is scrolled to the
// server of this script and applies its answers: no geometry here. A subclass says only what its element shows and
// sends. The protocol: docs/protocol.md; the types: endless.d.ts; the manifest: custom-elements.json.
'use strict';
(() => {
  const script = document.currentScript;
  // The server, with its mount prefix: this script's folder, less a versioned address's `v/VERSION/`.
  const base = (script ? new URL('.', script.src).href.replace(/\/v\/[^/]+\/$/, '/') : `${location.origin}/`)
    .replace(/\/$/, '');
  // How long this script took to come (0 if unknown): the round trip an element reports before it has measured one.
  const scriptTiming = script && performance.getEntriesByName(script.src)[0];
  const scriptRoundTrip = scriptTiming && scriptTiming.requestStart > 0
    ? Math.max(0, scriptTiming.responseStart - scriptTiming.requestStart) : 0;
  const scrollOf = { left: 'scrollLeft', top: 'scrollTop' };
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
  // This long without a scroll event ends a scroll with no `scrollend` (WebKit; a smooth snap cut short elsewhere).
  const quietEnd = 'onscrollend' in window ? 500 : 150;
  // A frame not answered in `timeout` ms is given up; a failed one is asked again, waiting twice as long each time up
  // to `lastRetry` (docs/elements.md: "When the server is away"). `offline`: the elements without it (one warning).
  const timeout = 5000, lastRetry = 1000, offline = new Set();
  const template = document.createElement('template'), shadow = document.createElement('template');
  // Tiles are `<svg>`s in one canvas `<svg>`; the scroller is opaque, so that the compositor scrolls it (protocol.md).
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
.ruler .pointer { display: block; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px; }
.ruler.y .pointer { top: 50%; bottom: auto; left: 0; right: 0; width: auto; height: 2px; margin: -1px 0 0; }
.error { position: absolute; inset: 0; margin: 0; padding: .5em; color: #b00020; background: #fff3f3; }
.stale { position: absolute; top: 6px; right: 6px; width: 6px; height: 6px; border-radius: 50%; background: #888;
  opacity: 0; transition: opacity .3s; pointer-events: none; }
:host([stale]) .stale { opacity: 1; }
:host([stale]) .canvas { opacity: .6; }`;

  // Every shadow root is cloned from one parsed once (parsing each held up the first frame). The tiles picture what
  // the element's ARIA says: hidden from assistive technology, hundreds of labels are not read out one by one.
  shadow.innerHTML = `<style>${css}</style><style></style><style></style><div class="frame">` +
    '<div class="view" part="view" aria-hidden="true"><div class="content"><svg class="canvas"></svg></div></div>' +
    '<div class="static"><slot></slot></div><div class="pointer" part="pointer"></div>' +
    '<div class="stale" part="stale"></div><p class="error" role="alert" hidden></p></div>';

  /** Puts a tile where the frame says, in content coordinates. */
  const placeTile = (el, tile) => { el.setAttribute('x', tile.left); el.setAttribute('y', tile.top); };

  /** Says what an element shows to assistive technology: `aria-*` attributes from its readout. */
  const setAria = (el, values) => {
    for (const [name, value] of Object.entries(values)) el.setAttribute(`aria-${name}`, value);
  };

  // Between the classes of this script, no part of an element's public API: keyed by symbols.
  const start = Symbol('start'), here = Symbol('here'), extra = Symbol('extra'), show = Symbol('show'),
    sizeCSS = Symbol('sizeCSS'), following = Symbol('following'), placeAt = Symbol('placeAt'), ask = Symbol('ask'),
    fail = Symbol('fail'), stale = Symbol('stale'), internals = Symbol('internals');

  /**
   * One live view: the frame protocol, the same for every view. Not an element of its own.
   * @fires input - while what it shows changes, at most once per animation frame
   * @fires change - once a scroll has settled on a new value (a tick, an item centred, a point)
   * @fires endless-frame - after every frame applied (a follower follows its leader's)
   * @fires endless-offline - its server stopped answering: it is stale, and asks again by itself
   * @fires endless-online - its server answers again
   */
  class EndlessView extends HTMLElement {
    // The view's parts, in its shadow root.
    #frame; #view; #content; #canvas; #error; #themeStyle; #sizeStyle;
    #kind; #configuration; // the server's name for its view, the attributes that configure it
    // What the server last said: the readout, the tiles held by key, per axis its origin and tiles held, the mark.
    #readout = {}; #tiles = new Map(); #axes = []; #mark = null;
    // Where a placement opens (its position parameters; null until the first) and the text last committed.
    #startAt = null; #committed = null;
    // Requests: the report wanted, its frame callback, the one in flight, whether another waits, `seq`, `pace`, the
    // frames waited since the last report.
    #want = null; #raf = 0; #busy = null; #dirty = false; #seq = 0; #pace = 1; #waited = 0;
    // Stale, a retry's timer and wait; the reader's scrolls, those the last frame applied saw; our last write.
    #stale = false; #retrying = 0; #backoff = 0; #scrolls = 0; #confirmed = 0; #ours = '';
    // Measures: the last 8 round trips, the last 8 gaps between scroll events a frame apart, the last scroll event.
    #roundTrips = []; #frameTimes = []; #scrolledAt = null;
    // Scrolling: whether the reader moved it since it last settled, a snap on its way, the quiet timer, the size.
    #moved = false; #snapping = null; #quiet = 0; #size = '';

    /**
     * @param {string} kind the server's name for the view (`/frame/{kind}`)
     * @param {string[]} configuration the attributes sent with every request
     */
    constructor(kind, configuration) {
      super();
      this.#kind = kind;
      this.#configuration = configuration;
      this[internals] = this.attachInternals(); // a ruler's form value, every view's custom state
      const root = this.attachShadow({ mode: 'open' });
      root.append(shadow.content.cloneNode(true));
      [, this.#themeStyle, this.#sizeStyle] = root.querySelectorAll('style');
      [this.#frame, this.#view, this.#content, this.#canvas, this.#error] =
        ['.frame', '.view', '.content', '.canvas', '.error'].map((selector) => root.querySelector(selector));
      this.#frame.classList.add(kind);
      this.#view.addEventListener('scroll', () => this.#scrolled(), { passive: true });
      this.#view.addEventListener('scrollend', () => this.#ended());
      // The reader takes over from a snap in progress: its end is theirs to settle.
      for (const type of ['wheel', 'touchstart', 'pointerdown']) {
        this.#view.addEventListener(type, () => { this.#snapping = null; }, { passive: true });
      }
      this.addEventListener('keydown', (event) => {
        if (!keys.includes(event.key) || this.#still() || event.altKey || event.ctrlKey) return;
        event.preventDefault();
        this[ask]({ key: event.key });
      });
      // A new size moves a ruler's pointer and a loop's centre: ask again.
      new ResizeObserver(() => {
        const now = `${this.#view.clientWidth}x${this.#view.clientHeight}`;
        if (this.#size && now !== this.#size) this[ask](this.#axes.length ? { resize: 1 } : { first: 1 });
        this.#size = now;
      }).observe(this);
    }

    /**
     * What the last frame said the element shows (`text`, `image`, and a ruler's `value`, `position`…: endless.d.ts).
     * Empty until the first frame is in.
     * @type {Readonly<Record<string, string>>}
     */
    get readout() { return this.#readout; }

    /**
     * Moves as the key would (`grid.press('Home')`: back to its centre); not while disabled or following.
     * @param {string} key `ArrowLeft`, `ArrowRight`, `ArrowUp`, `ArrowDown`, `PageUp`, `PageDown`, `Home` or `End`
     */
    press(key) { if (keys.includes(key) && !this.#still()) this[ask]({ key }); }

    connectedCallback() {
      if (!this.hasAttribute('tabindex') && !this.hasAttribute('follows')) this.tabIndex = 0;
      this[placeAt](this[start]());
    }

    disconnectedCallback() {
      this.#busy?.abort();
      offline.delete(this);
    }

    // Not while it is upgraded or parsed (before `connectedCallback`): one placement, not one an attribute.
    attributeChangedCallback() { if (this.isConnected && this.#startAt) this[placeAt](this[start]()); }

    /** Keys and `press()` do nothing: a ruler disabled or following. */
    #still() { return Boolean(this.disabled) || this[following](); }

    /** Starts the view anew at `at` (its position parameters): every tile goes, the server places it again. */
    [placeAt](at) {
      for (const tile of this.#tiles.values()) tile.remove();
      this.#busy?.abort();
      // `seq` moves on: an answer on its way, for the view as it was, is dropped.
      this.#seq += 1;
      this.#tiles = new Map();
      this.#axes = [];
      this.#mark = this.#committed = this.#busy = null;
      this.#startAt = at;
      this.#pace = 1;
      this.#waited = 0;
      this.#sizeStyle.textContent = this[sizeCSS]();
      this[ask]({ first: 1 });
    }

    /** A scroll event: the reader's scroll is reported (and the frames timed); a follower's is the server's. */
    #scrolled() {
      const now = performance.now(), gap = now - (this.#scrolledAt ?? -Infinity); // a frame apart, as it scrolls
      if (gap < 200) this.#frameTimes = [...this.#frameTimes.slice(-7), gap]; // (none since a write: that was ours)
      this.#scrolledAt = now;
      if (this[following]()) return;
      // The reader's, not a snap or write of ours: the value under the pointer is unknown until answered.
      if (!this.#snapping && this.#where() !== this.#ours) this.#scrolls += 1;
      if (this.#stale) this.#check();
      this.#moved = true;
      this[ask]({});
      clearTimeout(this.#quiet);
      this.#quiet = setTimeout(() => this.#ended({ quiet: true }), quietEnd);
      // A snap that replaced another may end without a `scrollend` (Chromium fires it for the one cut short).
      if (this.#snapping && this.#atSnap()) this.#ended();
    }

    /** A scroll ended: settle it once, unless a snap of ours is on its way (after `quietEnd`, it stopped short). */
    #ended({ quiet = false } = {}) {
      if (this[following]() || !this.#moved || (this.#snapping && !this.#atSnap() && !quiet)) return;
      // The last fraction of a point a smooth snap may leave (a browser will not scroll less than a point smoothly).
      for (const [edge, at] of Object.entries(this.#snapping && this.#atSnap() ? this.#snapping : {})) {
        if (this.#view[scrollOf[edge]] !== at) this.#wrote(edge, at);
      }
      this.#snapping = null;
      this.#moved = false;
      this[ask]({ end: 1 });
    }

    #atSnap() {
      return Object.entries(this.#snapping).every(([edge, at]) => Math.abs(this.#view[scrollOf[edge]] - at) <= 1);
    }

    /** Sets a scroll position: until its scroll event, the position is the page's own, seen now. */
    #wrote(edge, position) {
      this.#view[scrollOf[edge]] = position;
      this.#scrolledAt = null;
      this.#ours = this.#where();
    }

    #where() { return `${this.#view.scrollLeft},${this.#view.scrollTop}`; }

    /** Scrolls smoothly to the snap; one already there settles now (no `scrollend` would come). */
    #snapTo() {
      if (!this.#atSnap()) return this.#view.scrollTo({ ...this.#snapping, behavior: 'smooth' });
      this.#moved = true;
      this.#ended();
    }

    /** Asks for a frame, at most once an animation frame; a placement's once its frame is painted (protocol.md). */
    [ask](want) {
      this.#want = Object.assign(this.#want || {}, want);
      const send = () => (this.#want?.first ? setTimeout(() => this.#send()) : this.#send());
      if (!this.#raf) this.#raf = requestAnimationFrame(() => { this.#raf = 0; send(); });
    }

    /** Sends what is wanted, if it is due. */
    #send() {
      const want = this.#want;
      // Sent already, waiting to ask again, or not laid out yet.
      if (!want || this.#retrying || !this.#view.clientWidth || !this.#view.clientHeight) return;
      const own = this[extra]();
      if (!own || !this.#due(want)) return; // a follower whose leader has no value yet; or not this frame
      this.#busy?.abort();
      this.#want = null;
      this.#dirty = false;
      this.#waited = 0;
      this.#seq += 1;
      const sent = performance.now();
      this.#fetch(this.#query(want, own, sent), sent, want);
    }

    /**
     * Whether a report goes now: a scroll's waits for the answer in flight (an end, a key, a resize or a placement
     * replaces it), and in a fast fling goes every `pace` frames.
     */
    #due(want) {
      const plain = !(want.end || want.key || want.first || want.resize);
      const early = plain && ++this.#waited < this.#pace;
      if (this.#busy && plain) {
        this.#dirty = true;
        return false;
      }
      if (early) this[ask]({});
      return !early;
    }

    /** The request's query: the configuration, then the report (docs/protocol.md: "The frame protocol"). */
    #query(want, own, sent) {
      const q = new URLSearchParams();
      for (const name of this.#configuration) {
        if (this.hasAttribute(name)) q.set(name, this.getAttribute(name));
      }
      q.set('seq', this.#seq);
      q.set('size', `${this.#view.clientWidth},${this.#view.clientHeight}`);
      q.set('scroll', `${this.#view.scrollLeft},${this.#view.scrollTop}`);
      // A placement opens where it was asked to, even if an answer came in since it was asked for.
      const at = want.first || !this.#axes.length ? this.#startAt : want.resize ? this[here]() : {};
      if (this.#axes.length && !want.first) {
        q.set('origin', this.#axes.map((axis) => axis.origin).join());
        q.set('have', this.#axes.map((axis) => axis.have).join());
      }
      for (const [name, value] of Object.entries({ ...at, ...own })) q.set(name, value);
      // For the speed: when the page first saw this position (its scroll event), not later, when it asks.
      q.set('t', Math.round(this.#scrolledAt ?? sent));
      // The quickest of the last few: the network's part, not a busy moment. The script's is only a first guess.
      q.set('rtt', Math.round(this.#roundTrips.length ? Math.min(...this.#roundTrips) : scriptRoundTrip));
      const frames = [...this.#frameTimes].sort((a, b) => a - b); // the middle: a frame's usual length, not a stall
      if (frames.length) q.set('frame', Math.round(frames[frames.length >> 1]));
      if (this.#mark && !want.first) q.set('mark', this.#mark);
      for (const name of ['end', 'resize']) if (want[name]) q.set(name, '1');
      if (want.key) q.set('key', want.key);
      // A space as `%20`, not the `+` of `URLSearchParams`, which a query means literally (`unit=fl oz`).
      return q.toString().replace(/\+/g, '%20');
    }

    /** Fetches the frame and applies it, unless a newer request or placement aborted it; or asks again. */
    #fetch(query, sent, want) {
      const control = new AbortController(), scrolls = this.#scrolls;
      const timer = setTimeout(() => control.abort('timeout'), timeout);
      this.#busy = control;
      fetch(`${base}/frame/${this.#kind}?${query}`, { signal: control.signal })
        .then(async (response) => {
          const answered = performance.now(), status = response.status;
          if (status >= 500 || status === 408 || status === 429) throw response;
          if (!response.ok) {
            this[stale](false);
            return this[fail](await response.text());
          }
          const frame = await response.json();
          this.#roundTrips = [...this.#roundTrips.slice(-7), Math.max(0, answered - sent - (frame.took || 0))];
          if (frame.seq === this.#seq) {
            this.#confirmed = scrolls;
            this.#apply(frame, Boolean(want.first)); // a placement is no change of the reader's
          }
          this[stale](false);
        })
        .catch((error) => {
          if (!control.signal.aborted || control.signal.reason === 'timeout') this.#retry(want, error);
        })
        .finally(() => {
          clearTimeout(timer);
          if (this.#busy !== control) return;
          this.#busy = null;
          if (this.#dirty) this[ask]({});
        });
    }

    /** Asks again where the view is then, after `Retry-After` or the backoff (random, lest every page ask at once). */
    #retry({ first, resize, end }, error) {
      this[stale](true, error.status || error.message || error);
      this.#want = { first, resize, end: end && !this.#moved, ...this.#want };
      this.#backoff = Math.min(this.#backoff * 2 || 250, lastRetry);
      this.#retrying = setTimeout(() => {
        this.#retrying = 0;
        this[ask]({});
      }, 1000 * error.headers?.get('Retry-After') || this.#backoff * (1 + Math.random()) / 2);
    }

    /** Stale: it keeps what it has, and says so (`:state(stale)`, the `stale` attribute and part, an event). */
    [stale](on, why) {
      if (on !== this.#stale) {
        this.#stale = on;
        this.toggleAttribute('stale', on);
        try { this[internals].states?.[on ? 'add' : 'delete']('stale'); } catch {} // older engines: the attribute
        if (on && !offline.size) console.warn(`Endless: no answer from ${base} (${why}); asking again`);
        offline[on ? 'add' : 'delete'](this);
        if (!on) this.#backoff = 0;
        this.#check();
        this.dispatchEvent(new Event(on ? 'endless-offline' : 'endless-online', { bubbles: true }));
      }
    }

    /** A ruler stale and scrolled since its last frame is invalid: a form submits no value the reader does not see. */
    #check() {
      const unknown = this.#stale && this.#scrolls !== this.#confirmed;
      const message = unknown ? 'Waiting for the server to confirm the value' : '';
      if (this.constructor.formAssociated) this[internals].setValidity({ customError: unknown }, message);
    }

    /** A bad attribute: the server's one line, inside the element and in the console. */
    [fail](message) {
      this.#error.textContent = message.trim();
      this.#error.hidden = false;
      console.error(`<${this.localName}${this.id ? ` id="${this.id}"` : ''}>: ${message.trim()}`);
    }

    /** A frame: its tiles first, so that a recenter moves content and scroll position together; then the readout. */
    #apply(frame, quiet) {
      this.#error.hidden = true;
      if (frame.style) this.#themeStyle.textContent = frame.style;
      this.#applyTiles(frame);
      this.#applyAxes(frame.axes);
      if (frame.style) this.#frame.classList.add('live', ...frame.axes.map((axis) => axis.axis));
      this.#mark = frame.mark;
      this.#pace = frame.pace || 1;
      this.#applyReadout(frame, quiet);
      this.dispatchEvent(new CustomEvent('endless-frame')); // followers follow
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
      // One parse and one insertion a frame, not one a tile.
      template.innerHTML = add.map((tile) => tile.svg).join('');
      const added = [...template.content.children];
      add.forEach((tile, index) => {
        placeTile(added[index], tile);
        this.#tiles.get(tile.key)?.remove();
        this.#tiles.set(tile.key, added[index]);
      });
      this.#canvas.append(template.content);
    }

    /** Per axis: a placement's scroll, or a recenter's shift; then a snap to scroll to smoothly. */
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
          this.#wrote(edge, this.#view[scrollOf[edge]] + axis.shift); // cancels a smooth snap: it starts again below
          if (this.#snapping && edge in this.#snapping) this.#snapping[edge] += axis.shift;
          snapShifted = snapShifted || Boolean(this.#snapping);
        }
        if (axis.snap !== null && axis.snap !== undefined) snap[edge] = axis.snap;
      }
      if (Object.keys(snap).length) this.#snapping = snap;
      if (this.#snapping && (Object.keys(snap).length || snapShifted)) this.#snapTo();
      this.#axes = axes.map((axis) => ({ origin: axis.origin, have: axis.have }));
    }

    /** What it shows changes with its text, not every frame: `input` then, and `change` once it has settled. */
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

    /** A one-axis view is `height` thick (120), and 400 px long when vertical (the page's style wins over `:host`). */
    [sizeCSS]() {
      const thickness = /^\d+(\.\d+)?$/.test(this.getAttribute('height') || '') ? this.getAttribute('height') : 120;
      return this.getAttribute('orientation') === 'vertical' ? `:host { width: ${thickness}px; height: 400px; }`
        : `:host { height: ${thickness}px; }`;
    }

    /** The position parameters a placement opens at, from the attributes. */
    [start]() { return {}; }
    /** The position parameters that keep what it shows across a resize. */
    [here]() { return {}; }
    /** Parameters of its own for every request; `null`: ask nothing yet. */
    [extra]() { return {}; }
    /** Whether it follows another element, which scrolls it. */
    [following]() { return false; }
    /** Shows a new readout (ARIA, a form value). */
    [show]() {}
  }

  const rulerConfiguration = ['min', 'max', 'step', 'ticks', 'spacing', 'ends', 'unit', 'format', 'grouping',
    'subdivisions', 'height', 'orientation', 'dir', 'theme', 'factor'];
  const stillMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /**
   * `<endless-ruler>`: a slider and a form control whose value is an exact decimal. With `follows`, it follows the
   * ruler of that `id` through `factor` (`LinkedRuler` places it), and is not scrolled by hand.
   * @fires input - while its value changes, at most once per animation frame
   * @fires change - once a scroll has settled on a tick with a new value
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server (or its leader's) stopped answering
   * @fires endless-online - its server answers again
   */
  class EndlessRuler extends EndlessView {
    static formAssociated = true;
    static observedAttributes = [...rulerConfiguration, 'value', 'follows'];
    #frame;
    // The ruler it follows: undefined until looked up, null when there is none, else the element it listens to.
    #leader = undefined;
    #heard = (event) => (event.type === 'endless-frame' ? this[ask]({}) : this[stale](true));
    // A finger on it, and the value it last showed: `haptics` taps once a tick crossed while dragging.
    #touching = false; #felt;

    constructor() {
      super('ruler', rulerConfiguration);
      this.#frame = this.shadowRoot.querySelector('.frame');
      for (const type of ['touchstart', 'touchend', 'touchcancel']) {
        this.addEventListener(type, () => { this.#touching = type === 'touchstart'; }, { passive: true });
      }
    }

    /**
     * The exact value as a string (`"72.4"`), written with the step's decimals; set, the ruler goes there.
     * @type {string}
     */
    get value() { return this.readout.value ?? this.getAttribute('value') ?? ''; }
    set value(value) { this[placeAt]({ value: String(value) }); }

    /** The form it belongs to, as for an `<input>`. @type {HTMLFormElement | null} */
    get form() { return this[internals].form; }

    /** The name it submits its value under (the `name` attribute). @type {string | null} */
    get name() { return this.getAttribute('name'); }
    set name(name) { this.setAttribute('name', name); }

    /** Disabled, by its `disabled` attribute or a disabled fieldset: not submitted, not moved. @type {boolean} */
    get disabled() { return this.hasAttribute('disabled') || this.#frame.classList.contains('disabled'); }
    set disabled(on) { this.toggleAttribute('disabled', Boolean(on)); }

    connectedCallback() {
      if (!this.hasAttribute('follows') && !this.hasAttribute('role')) this.setAttribute('role', 'slider');
      super.connectedCallback();
    }

    // Removed, or pointed elsewhere, it stops listening to its leader at once; its next request looks it up again.
    disconnectedCallback() {
      super.disconnectedCallback();
      this.#listenTo(undefined);
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'follows' && old !== value) this.#listenTo(undefined);
      super.attributeChangedCallback();
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

    /** A follower asks with its leader's value under the pointer; `LinkedRuler` places it. */
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
      return position == null ? null : { lead: position }; // no leader (yet): ask nothing, keep its message
    }

    /** Follows `leader`'s frames, and no other's. */
    #listenTo(leader) {
      for (const type of ['endless-frame', 'endless-offline']) {
        this.#leader?.removeEventListener(type, this.#heard);
        leader?.addEventListener(type, this.#heard);
      }
      this.#leader = leader;
    }

    /** `follows` removed: a ruler of its own again, a focusable slider that keys move. */
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
        navigator.vibrate?.(8);
      }
      this.#felt = readout.value;
      if (this.#leader) return;
      setAria(this, { valuenow: readout.value, valuetext: readout.text, valuemin: readout.minimum,
        valuemax: readout.maximum, orientation: readout.orientation });
    }
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

  /**
   * `<endless-grid>`: seed 004's infinite grid, centred on a world point.
   * @fires input - while the point at its centre changes, at most once per animation frame
   * @fires change - once a scroll has settled on a new point
   * @fires endless-frame - after every frame applied
   * @fires endless-offline - its server stopped answering
   * @fires endless-online - its server answers again
   */
  class EndlessGrid extends EndlessView {
    static observedAttributes = ['tile', 'theme', 'x', 'y'];

    constructor() { super('grid', ['tile', 'theme']); }

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

    [sizeCSS]() { return ':host { height: 400px; }'; }
    [show](readout) { this.setAttribute('aria-description', `centred on ${readout.text}`); }
  }

  for (const [name, element] of [['endless-ruler', EndlessRuler], ['endless-loop', EndlessLoop],
    ['endless-grid', EndlessGrid]]) {
    if (!customElements.get(name)) customElements.define(name, element);
  }
})();
