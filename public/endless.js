// Endless: the page reports where each view is scrolled and applies what the server answers.
// It keeps no geometry: positions, shifts, snaps and values all come from /frame/{ruler,loop,grid}.
'use strict';

const page = new URLSearchParams(location.search);
const template = document.createElement('template');

function makeView(el, kind, listen = true) {
  const v = { el, kind, content: el.querySelector('.content'), tiles: new Map(), have: '', origin: null,
    otop: null, mark: null, seq: 0, busy: null, dirty: false, want: null, raf: 0 };
  if (!listen) return v; // the pounds ruler follows the kilograms ruler's frames
  el.addEventListener('scroll', () => ask(v, {}), { passive: true });
  el.addEventListener('scrollend', () => ask(v, { end: 1 }));
  let size = ''; // a new size moves the ruler's pointer and the loop's centre (the first call is the initial size)
  new ResizeObserver(() => {
    const now = `${el.clientWidth}x${el.clientHeight}`;
    if (size && now !== size) ask(v, { resize: 1 });
    size = now;
  }).observe(el);
  return v;
}

// Coalesce to one request per animation frame; scroll-end, keys and "back to centre" supersede.
function ask(v, want) {
  v.want = Object.assign(v.want || {}, want);
  if (!v.raf) v.raf = requestAnimationFrame(() => { v.raf = 0; send(v); });
}

function send(v) {
  const want = v.want || {};
  const urgent = want.end || want.key || want.centre || want.first || want.resize;
  if (v.busy && !urgent) { v.dirty = true; return; }
  if (v.busy) v.busy.abort();
  v.want = null;
  v.dirty = false;
  const q = new URLSearchParams({ seq: ++v.seq, scroll: v.el.scrollLeft, width: v.el.clientWidth });
  if (v.origin !== null) q.set('origin', v.origin);
  if (v.have) q.set('have', v.have);
  q.set('t', Math.round(performance.now())); // with the last frame's mark, the server tells how fast we scroll
  if (v.mark) q.set('mark', v.mark);
  if (want.end) q.set('end', '1');
  if (want.resize) q.set('resize', '1');
  if (want.key) q.set('key', want.key);
  if (want.centre) q.set('centre', '1');
  if (v.kind === 'grid') {
    q.set('top', v.el.scrollTop);
    q.set('height', v.el.clientHeight);
    if (v.otop !== null) q.set('otop', v.otop);
    if (want.first) for (const name of ['x', 'y']) if (page.has(name)) q.set(name, page.get(name));
  } else {
    q.set('height', v.el.dataset.height);
  }
  if (v.kind === 'ruler') {
    if (want.first && page.has('value')) q.set('value', page.get('value'));
    else if (want.resize) q.set('value', v.el.getAttribute('aria-valuenow')); // the value it showed, kept
    q.set('lheight', v.linked.el.dataset.height);
    if (v.linked.origin !== null) q.set('lorigin', v.linked.origin);
    if (v.linked.have) q.set('lhave', v.linked.have);
  }
  const control = new AbortController();
  v.busy = control;
  fetch(`/frame/${v.kind}?${q}`, { signal: control.signal })
    .then((response) => (response.ok ? response.json() : null))
    .then((frame) => { if (frame && frame.seq === v.seq) { v.mark = frame.mark; apply(v, frame); } })
    .catch(() => {}) // aborted: a newer request took its place
    .finally(() => {
      if (v.busy !== control) return;
      v.busy = null;
      if (v.dirty) ask(v, {});
    });
}

// One axis's changes, tiles first so that a recenter moves content and scroll position together.
function place(v, axis, f, vertical) {
  v.el.parentElement.querySelector('.static')?.remove(); // the server's first picture gives way to live tiles
  for (const key of f.remove || []) { v.tiles.get(key)?.remove(); v.tiles.delete(key); }
  for (const t of f.move || []) {
    const el = v.tiles.get(t.k);
    if (el) { el.style.left = `${t.x}px`; if (t.y !== undefined) el.style.top = `${t.y}px`; }
  }
  for (const t of f.add || []) {
    template.innerHTML = t.svg;
    const el = template.content.firstElementChild;
    el.style.left = `${t.x}px`;
    if (t.y !== undefined) el.style.top = `${t.y}px`;
    v.tiles.get(t.k)?.remove();
    v.tiles.set(t.k, el);
    v.content.append(el);
  }
  if (!axis) return;
  const property = vertical ? 'scrollTop' : 'scrollLeft';
  if (axis.scroll !== undefined && axis.scroll !== null) v.el[property] = axis.scroll;
  else if (axis.shift) v.el[property] += axis.shift;
}

function apply(v, frame) {
  if (v.kind === 'grid') {
    place(v, frame.x, frame, false);
    place(v, frame.y, {}, true);
    [v.origin, v.otop, v.have] = [frame.x.origin, frame.y.origin, `${frame.x.have},${frame.y.have}`];
    if (frame.x.snap != null) v.el.scrollTo({ left: frame.x.snap, top: frame.y.snap, behavior: 'smooth' });
    document.getElementById('grid-centre').textContent = frame.center;
  } else {
    place(v, frame.view, frame.view, false);
    [v.origin, v.have] = [frame.view.origin, frame.view.have];
    if (frame.view.snap != null) v.el.scrollTo({ left: frame.view.snap, behavior: 'smooth' });
  }
  if (v.kind === 'ruler') {
    place(v.linked, frame.linked, frame.linked, false);
    [v.linked.origin, v.linked.have] = [frame.linked.origin, frame.linked.have];
    v.el.setAttribute('aria-valuenow', frame.value);
    v.el.setAttribute('aria-valuetext', frame.text);
    document.getElementById('ruler-value').textContent = frame.text;
    document.getElementById('pounds-value').textContent = frame.linkedText;
  }
  if (v.kind === 'loop') v.el.setAttribute('aria-label', `Looping strip, item ${frame.item} in the middle`);
  if (frame.state) { // each view owns its own keys of the address
    for (const [name, value] of Object.entries(frame.state)) page.set(name, value);
    history.replaceState(null, '', `?${page}`);
  }
}

const keys = { ArrowRight: 'tickUp', ArrowUp: 'tickUp', ArrowLeft: 'tickDown', ArrowDown: 'tickDown',
  PageUp: 'blockUp', PageDown: 'blockDown', Home: 'home', End: 'end' };

function start() {
  const ruler = makeView(document.getElementById('ruler'), 'ruler');
  ruler.linked = makeView(document.getElementById('pounds'), 'pounds', false);
  ruler.el.addEventListener('keydown', (event) => {
    if (!keys[event.key]) return;
    event.preventDefault();
    ask(ruler, { key: keys[event.key] });
  });
  const grid = makeView(document.getElementById('grid'), 'grid');
  document.getElementById('back-to-centre').addEventListener('click', () => ask(grid, { centre: 1 }));
  for (const v of [ruler, makeView(document.getElementById('loop'), 'loop'), grid]) ask(v, { first: 1 });
  document.documentElement.classList.add('live');
}

start();
