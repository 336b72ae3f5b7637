// Endless elements: <endless-ruler>, <endless-loop> and <endless-grid>. Each reports where it is scrolled to the
// server that served this script (/frame/{view}) and applies what it answers: it keeps no geometry. Every view asks
// and applies the same way; a subclass says only what its element shows. The protocol: README, "The frame protocol".
'use strict';
(() => {
  const server = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  // How long this script took to come from the server (0 if unknown: cached, or timing not allowed): the round trip
  // of an element's first request, before one of its own is measured. The server sizes a view's margin at rest by it.
  const scriptTiming = document.currentScript && performance.getEntriesByName(document.currentScript.src)[0];
  const scriptRoundTrip = scriptTiming && scriptTiming.requestStart > 0
    ? Math.max(0, scriptTiming.responseStart - scriptTiming.requestStart) : 0;
  const scrollOf = { left: 'scrollLeft', top: 'scrollTop' };
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
  // This long without a scroll event ends a scroll with no `scrollend` (WebKit; a smooth snap cut short elsewhere).
  const quietEnd = 'onscrollend' in window ? 500 : 150;
  const template = document.createElement('template'), shadow = document.createElement('template');
  // Tiles are `<svg>`s in one canvas `<svg>`, placed by `x` and `y`; the scroller is opaque, so that the compositor
  // scrolls it rather than the main thread repainting it (README: "The page puts tiles in one canvas").
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
.error { position: absolute; inset: 0; margin: 0; padding: .5em; color: #b00020; background: #fff3f3; }`;

  // Every element's shadow root, parsed once and cloned: parsed for each element, it held up the first frame.
  shadow.innerHTML = `<style>${css}</style><style></style><style></style><div class="frame"><div class="view" ` +
    'part="view"><div class="content"><svg class="canvas"></svg></div></div><div class="static"><slot></slot></div>' +
    '<div class="pointer" part="pointer"></div><p class="error" role="alert" hidden></p></div>';

  /// Puts a tile where the frame says, in content coordinates.
  const place = (el, tile) => { el.setAttribute('x', tile.left); el.setAttribute('y', tile.top); };

  /// One live view: the frame protocol, the same for every view.
  class EndlessView extends HTMLElement {
    static get observedAttributes() { return [...this.configuration, ...this.positions]; }

    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).append(shadow.content.cloneNode(true));
      const [, themeStyle, sizeStyle] = this.shadowRoot.querySelectorAll('style');
      Object.assign(this, { themeStyle, sizeStyle, readout: {}, tiles: new Map(), axes: [],
        frame: this.shadowRoot.querySelector('.frame'), view: this.shadowRoot.querySelector('.view'),
        content: this.shadowRoot.querySelector('.content'), canvas: this.shadowRoot.querySelector('.canvas'),
        error: this.shadowRoot.querySelector('.error'), seq: 0, busy: null, dirty: false, want: null, raf: 0,
        mark: null, startAt: null, committed: null, moved: false, roundTrips: [], frameTimes: [], scrolledAt: null });
      this.frame.classList.add(this.constructor.view);
      this.view.addEventListener('scroll', () => this.scrolled(), { passive: true });
      this.view.addEventListener('scrollend', () => this.ended());
      // The reader takes over from a snap in progress: its end is theirs to settle.
      for (const type of ['wheel', 'touchstart', 'pointerdown']) {
        this.view.addEventListener(type, () => { this.snapping = null; }, { passive: true });
      }
      this.addEventListener('keydown', (event) => {
        if (!keys.includes(event.key) || this.disabled || this.leader || event.altKey || event.ctrlKey) return;
        event.preventDefault();
        this.ask({ key: event.key });
      });
      let size = ''; // a new size moves a ruler's pointer and a loop's centre: ask again (the first call is the size)
      new ResizeObserver(() => {
        const now = `${this.view.clientWidth}x${this.view.clientHeight}`;
        if (size && now !== size) this.ask(this.axes.length ? { resize: 1 } : { first: 1 });
        size = now;
      }).observe(this);
    }

    connectedCallback() {
      if (!this.hasAttribute('tabindex') && !this.hasAttribute('follows')) this.tabIndex = 0;
      this.place(this.start());
    }

    disconnectedCallback() { if (this.busy) this.busy.abort(); }
    // Not while it is upgraded or parsed (before `connectedCallback`): one placement, not one an attribute.
    attributeChangedCallback() { if (this.isConnected && this.startAt) this.place(this.start()); }

    /// Starts the view anew at `start` (its position parameters): every tile goes, the server places it again.
    place(start) {
      for (const tile of this.tiles.values()) tile.remove();
      if (this.busy) this.busy.abort();
      // `seq` moves on, so that an answer still on its way, for the view as it was, is dropped.
      Object.assign(this, { tiles: new Map(), axes: [], mark: null, startAt: start, committed: null, busy: null,
        seq: this.seq + 1, pace: 1, waited: 0 });
      this.sizeStyle.textContent = this.sizeCSS();
      this.ask({ first: 1 });
    }

    /// Moves as the key would, and as it would not while disabled or following (`grid.press('Home')`: to its centre).
    press(key) { if (keys.includes(key) && !this.disabled && !this.leader) this.ask({ key }); }

    scrolled() {
      const now = performance.now(), gap = now - (this.scrolledAt ?? -Infinity); // a frame apart, as it scrolls
      if (gap < 200) this.frameTimes = [...this.frameTimes.slice(-7), gap]; // (none since a write: that was ours)
      this.scrolledAt = now;
      if (this.leader) return; // a follower's scroll is the server's, not the reader's
      this.moved = true;
      this.ask({});
      clearTimeout(this.quiet);
      this.quiet = setTimeout(() => this.ended({ quiet: true }), quietEnd);
      // A snap that replaced another may end without a `scrollend` (Chromium fires it for the one cut short).
      if (this.snapping && this.atSnap()) this.ended();
    }

    /// A scroll ended: settle it once, unless it is a snap of ours still on its way (a key pressed twice). Quiet
    /// for `quietEnd`, no snap is on its way: one that stopped short settles where it is.
    ended({ quiet = false } = {}) {
      if (this.leader || !this.moved || (this.snapping && !this.atSnap() && !quiet)) return;
      // The last fraction of a point a smooth snap may leave (a browser will not scroll less than a point smoothly).
      for (const [edge, at] of Object.entries(this.snapping && this.atSnap() ? this.snapping : {})) {
        if (this.view[scrollOf[edge]] !== at) this.wrote(edge, at);
      }
      Object.assign(this, { snapping: null, moved: false });
      this.ask({ end: 1 });
    }

    atSnap() { return Object.entries(this.snapping).every(([e, at]) => Math.abs(this.view[scrollOf[e]] - at) <= 1); }

    /// Sets a scroll position: until its scroll event, the position is the page's own, seen now.
    wrote(edge, position) { this.view[scrollOf[edge]] = position; this.scrolledAt = null; }

    /// Scrolls smoothly to the snap. One already there (a late scroll event got there first) has no scroll to end,
    /// so it settles now; otherwise it would wait for a `scrollend` that never comes.
    snapTo() {
      if (!this.atSnap()) return this.view.scrollTo({ ...this.snapping, behavior: 'smooth' });
      this.moved = true;
      this.ended();
    }

    // Coalesce to one request per animation frame; an end, a key, a resize or a new placement supersedes. A
    // placement's request goes out once its frame is painted (README: "The server's picture shows first").
    ask(want) {
      this.want = Object.assign(this.want || {}, want);
      const send = () => (this.want?.first ? setTimeout(() => this.send()) : this.send());
      if (!this.raf) this.raf = requestAnimationFrame(() => { this.raf = 0; send(); });
    }

    send() {
      const want = this.want;
      if (!want || !this.view.clientWidth || !this.view.clientHeight) return; // sent already, or not laid out yet
      const extra = this.extra();
      if (!extra) return; // a follower whose leader has no value yet
      const plain = !(want.end || want.key || want.first || want.resize);
      // In a fast fling the server asks for a report only every `pace` frames, counted from the last one sent.
      const early = plain && ++this.waited < this.pace;
      if (this.busy && plain) { this.dirty = true; return; }
      if (early) return this.ask({});
      if (this.busy) this.busy.abort();
      Object.assign(this, { want: null, dirty: false, waited: 0 });
      const q = new URLSearchParams();
      for (const name of this.constructor.configuration) {
        if (this.hasAttribute(name)) q.set(name, this.getAttribute(name));
      }
      q.set('seq', ++this.seq);
      q.set('size', `${this.view.clientWidth},${this.view.clientHeight}`);
      q.set('scroll', `${this.view.scrollLeft},${this.view.scrollTop}`);
      // A placement opens where it was asked to, even if an answer came in since it was asked for.
      const start = want.first || !this.axes.length ? this.startAt : want.resize ? this.here() : {};
      if (this.axes.length && !want.first) {
        q.set('origin', this.axes.map((axis) => axis.origin).join());
        q.set('have', this.axes.map((axis) => axis.have).join());
      }
      for (const [name, value] of Object.entries({ ...start, ...extra })) q.set(name, value);
      const sent = performance.now();
      // With the last frame's mark, the server tells how fast we scroll: the clock is when the page first saw this
      // position (its scroll event), not when we ask, later in a frame other script may have made long.
      q.set('t', Math.round(this.scrolledAt ?? sent));
      // The quickest of the last few: the network's part, not a busy moment of the server or of this page. The
      // script's own is only a first guess (its timing may leave out part of the way): the element's replace it.
      q.set('rtt', Math.round(this.roundTrips.length ? Math.min(...this.roundTrips) : scriptRoundTrip));
      const frames = [...this.frameTimes].sort((a, b) => a - b); // the middle: a frame's usual length, not a stall
      if (frames.length) q.set('frame', Math.round(frames[frames.length >> 1]));
      if (this.mark && !want.first) q.set('mark', this.mark);
      for (const name of ['end', 'resize']) if (want[name]) q.set(name, '1');
      if (want.key) q.set('key', want.key);
      // A space as `%20`: `URLSearchParams` writes `+`, which a URL's query means literally (`unit=fl oz`).
      const query = q.toString().replace(/\+/g, '%20');
      const control = new AbortController();
      const quiet = Boolean(want.first); // a placement is no change of the reader's
      this.busy = control;
      fetch(`${server}/frame/${this.constructor.view}?${query}`, { signal: control.signal })
        .then(async (response) => {
          const answered = performance.now();
          if (!response.ok) return this.fail(await response.text());
          const frame = await response.json();
          this.roundTrips = [...this.roundTrips.slice(-7), Math.max(0, answered - sent - (frame.took || 0))];
          if (frame.seq === this.seq) this.apply(frame, quiet);
        })
        .catch((error) => { if (error.name !== 'AbortError') this.fail(`network: ${error.message}`); })
        .finally(() => {
          if (this.busy !== control) return;
          this.busy = null;
          if (this.dirty) this.ask({});
        });
    }

    /// A bad attribute: the server's one line, inside the element and in the console.
    fail(message) {
      this.error.textContent = message.trim();
      this.error.hidden = false;
      console.error(`<${this.localName}${this.id ? ` id="${this.id}"` : ''}>: ${message.trim()}`);
    }

    // Tiles first, so that a recenter moves content and scroll position together.
    apply(frame, quiet) {
      this.error.hidden = true;
      if (frame.style) this.themeStyle.textContent = frame.style;
      for (const key of frame.remove) { this.tiles.get(key)?.remove(); this.tiles.delete(key); }
      for (const tile of frame.move) { const el = this.tiles.get(tile.key); if (el) place(el, tile); }
      // New tiles parsed in one go and put in at once: one parse and one insertion a frame, not one a tile.
      if (frame.add.length) {
        template.innerHTML = frame.add.map((tile) => tile.svg).join('');
        const added = [...template.content.children];
        frame.add.forEach((tile, index) => {
          place(added[index], tile);
          this.tiles.get(tile.key)?.remove();
          this.tiles.set(tile.key, added[index]);
        });
        this.canvas.append(template.content);
      }
      const snap = {};
      let snapShifted = false;
      for (const axis of frame.axes) {
        const [length, edge] = axis.axis === 'x' ? ['width', 'left'] : ['height', 'top'];
        if (axis.scroll !== null && axis.scroll !== undefined) {
          this.content.style[length] = `${axis.content}px`;
          this.wrote(edge, axis.scroll);
          this.snapping = null;
        } else if (axis.shift) {
          this.wrote(edge, this.view[scrollOf[edge]] + axis.shift); // cancels a smooth snap: it starts again below
          if (this.snapping && edge in this.snapping) this.snapping[edge] += axis.shift;
          snapShifted = snapShifted || Boolean(this.snapping);
        }
        if (axis.snap !== null && axis.snap !== undefined) snap[edge] = axis.snap;
      }
      if (Object.keys(snap).length) this.snapping = snap;
      if (this.snapping && (Object.keys(snap).length || snapShifted)) this.snapTo();
      this.axes = frame.axes.map((axis) => ({ origin: axis.origin, have: axis.have }));
      if (frame.style) this.frame.classList.add('live', ...frame.axes.map((axis) => axis.axis));
      this.mark = frame.mark;
      this.pace = frame.pace || 1;
      const changed = frame.readout.text !== this.readout.text;
      this.readout = frame.readout;
      if (changed || quiet) this.show(frame.readout); // what an element shows changes with its text, not every frame
      if (quiet) this.committed = frame.readout.text;
      else if (changed) this.dispatchEvent(new Event('input', { bubbles: true }));
      if (frame.settled && this.committed !== frame.readout.text) {
        this.committed = frame.readout.text;
        this.dispatchEvent(new Event('change', { bubbles: true }));
      }
      this.dispatchEvent(new CustomEvent('endless-frame')); // followers follow
    }

    /// A one-axis view is `height` thick (120) across its axis, and 400 px long when vertical (the page may say
    /// otherwise: its style wins over `:host`).
    sizeCSS() {
      const thickness = /^\d+(\.\d+)?$/.test(this.getAttribute('height') || '') ? this.getAttribute('height') : 120;
      return this.getAttribute('orientation') === 'vertical' ? `:host { width: ${thickness}px; height: 400px; }`
        : `:host { height: ${thickness}px; }`;
    }

    /// Says what it shows to assistive technology: `aria-*` attributes from the readout.
    aria(values) { for (const [name, value] of Object.entries(values)) this.setAttribute(`aria-${name}`, value); }

    start() { return {}; }
    here() { return {}; }
    extra() { return {}; }
    show() {}
  }

  /// `<endless-ruler>`: a slider and a form control whose value is an exact decimal.
  class EndlessRuler extends EndlessView {
    static view = 'ruler';
    static formAssociated = true;
    static configuration = ['min', 'max', 'step', 'ticks', 'spacing', 'ends', 'unit', 'height', 'orientation', 'dir',
      'theme', 'factor'];
    static positions = ['value', 'follows'];

    constructor() { super(); this.internals = this.attachInternals(); }
    get value() { return this.readout.value ?? this.getAttribute('value') ?? ''; }
    set value(value) { this.place({ value: String(value) }); }
    get form() { return this.internals.form; }
    get name() { return this.getAttribute('name'); }
    set name(name) { this.setAttribute('name', name); }
    get disabled() { return this.hasAttribute('disabled') || this.frame.classList.contains('disabled'); }
    set disabled(on) { this.toggleAttribute('disabled', Boolean(on)); }

    start() { return this.hasAttribute('value') ? { value: this.getAttribute('value') } : {}; }
    here() { return this.readout.value ? { value: this.readout.value } : {}; }

    connectedCallback() {
      if (!this.hasAttribute('follows')) {
        if (!this.hasAttribute('role')) this.setAttribute('role', 'slider');
        this.leader = null;
      }
      super.connectedCallback();
    }

    /// A follower asks with its leader's value under the pointer; `LinkedRuler` places it.
    extra() {
      const id = this.getAttribute('follows');
      if (!id) return this.frame.classList.contains('follower') ? this.unfollow() : {};
      const leader = document.getElementById(id);
      if (leader !== this.leader) {
        if (this.leader) this.leader.removeEventListener('endless-frame', this.follow);
        this.follow = this.follow || (() => this.ask({}));
        this.leader = leader;
        if (leader) leader.addEventListener('endless-frame', this.follow);
        else this.fail(`follows: no element with id ${id} on this page`);
      }
      this.frame.classList.add('follower');
      const position = leader && leader.readout && leader.readout.position;
      return position == null ? null : { lead: position }; // no leader (yet): ask nothing, keep its message
    }

    /// `follows` removed: a ruler of its own again, a focusable slider that keys move.
    unfollow() {
      if (this.leader) this.leader.removeEventListener('endless-frame', this.follow);
      this.leader = null;
      this.frame.classList.remove('follower');
      if (!this.hasAttribute('role')) this.setAttribute('role', 'slider');
      if (!this.hasAttribute('tabindex')) this.tabIndex = this.disabled ? -1 : 0;
      return {};
    }

    show(readout) {
      this.internals.setFormValue(readout.value);
      if (this.leader) return;
      this.aria({ valuenow: readout.value, valuetext: readout.text, valuemin: readout.minimum,
        valuemax: readout.maximum, orientation: readout.orientation });
    }

    formResetCallback() { this.place(this.start()); }
    formDisabledCallback(disabled) {
      this.frame.classList.toggle('disabled', disabled);
      this.setAttribute('aria-disabled', String(disabled));
      if (!this.leader) this.tabIndex = disabled ? -1 : 0;
    }
    formStateRestoreCallback(state) { if (state) this.place({ value: state }); }
  }

  /// `<endless-loop>`: seed 002's looping strip; `el.item` is the item centred.
  class EndlessLoop extends EndlessView {
    static view = 'loop';
    static configuration = ['count', 'spacing', 'inset', 'height', 'orientation', 'theme'];
    static positions = ['item'];
    get item() { return Number(this.readout.item ?? this.getAttribute('item') ?? 0); }
    set item(item) { this.place({ item: String(item) }); }
    start() { return this.hasAttribute('item') ? { item: this.getAttribute('item') } : {}; }
    connectedCallback() {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'slider');
      super.connectedCallback();
    }

    show(readout) {
      this.aria({ valuenow: readout.item, valuetext: readout.text, valuemin: readout.minimum,
        valuemax: readout.maximum, orientation: readout.orientation });
    }
  }

  /// `<endless-grid>`: seed 004's infinite grid; `el.x`, `el.y` are the world point at its centre.
  class EndlessGrid extends EndlessView {
    static view = 'grid';
    static configuration = ['tile', 'theme'];
    static positions = ['x', 'y'];
    get x() { return Number(this.readout.x ?? this.getAttribute('x') ?? 0); }
    get y() { return Number(this.readout.y ?? this.getAttribute('y') ?? 0); }
    set x(x) { this.place({ x: String(x), y: String(this.y) }); }
    set y(y) { this.place({ x: String(this.x), y: String(y) }); }
    start() {
      return Object.fromEntries(['x', 'y'].filter((name) => this.hasAttribute(name))
        .map((name) => [name, this.getAttribute(name)]));
    }

    sizeCSS() { return ':host { height: 400px; }'; }
    connectedCallback() {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'group');
      if (!this.hasAttribute('aria-roledescription')) this.setAttribute('aria-roledescription', 'infinite grid');
      super.connectedCallback();
    }

    show(readout) { this.setAttribute('aria-description', `centred on ${readout.text}`); }
  }

  for (const [name, element] of [['endless-ruler', EndlessRuler], ['endless-loop', EndlessLoop],
    ['endless-grid', EndlessGrid]]) {
    if (!customElements.get(name)) customElements.define(name, element);
  }
})();
