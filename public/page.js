// The bundled page (GET /): its readouts, its address, its form and its embed snippets, all from the elements'
// properties and events. The elements themselves are endless.js.
'use strict';

// The elements' script runs once the page's first frame is painted: until then each element shows the server's
// picture inlined in it, and that frame waits for no shadow root (docs/protocol.md: "The bundled page paints first").
// Under the page's Trusted Types policy, a script's address passes through a policy of the page's own, which
// passes that one address alone.
const elementsScript = document.getElementById('elements-script').href;
const scripts = window.trustedTypes?.createPolicy('endless-page',
  { createScriptURL: (url) => (url === elementsScript ? url : null) });
requestAnimationFrame(() => setTimeout(() => document.head.append(Object.assign(document.createElement('script'),
  { src: scripts ? scripts.createScriptURL(elementsScript) : elementsScript }))));

const address = new URLSearchParams(location.search);
const byId = (id) => document.getElementById(id);

// Each readout follows its element, and is dimmed while the element is stale: its server away, the value under the
// pointer may not be the one shown.
function follow(id, output) {
  const el = byId(id);
  // A frame after a new language says the same value in its words.
  for (const type of ['input', 'change', 'endless-frame']) {
    el.addEventListener(type, () => { if (el.readout.text) byId(output).value = el.readout.text; });
  }
  for (const type of ['endless-offline', 'endless-online']) {
    el.addEventListener(type, () => byId(output).classList.toggle('stale', type === 'endless-offline'));
  }
}
follow('weight', 'weight-value');
follow('pounds', 'pounds-value');
follow('height', 'height-value');
follow('height-feet', 'feet-value');
follow('inch', 'inch-value');
follow('time', 'time-value');
follow('grid', 'grid-centre');
follow('meeting', 'meeting-value');
follow('meeting-new-york', 'meeting-ny-value');

// The address follows the weight and the grid once they settle: /?value=72.4 and /?x=…&y=… open the page there.
function remember(id, names) {
  byId(id).addEventListener('change', () => {
    for (const name of names) address.set(name, byId(id)[name === 'value' ? 'value' : name]);
    address.delete('height');
    history.replaceState(null, '', `?${address}`);
  });
}
remember('weight', ['value']);
remember('grid', ['x', 'y']);

// The views' language: the page's, which every element reads (`lang`, and `dir` for Arabic and Persian); the address
// keeps it (/?lang=de-DE). The page's own words stay English.
const languages = byId('language');
function speak(tag) {
  const option = [...languages.options].find((o) => o.value === tag);
  if (!option) return;
  languages.value = tag;
  document.documentElement.lang = tag;
  document.documentElement.dir = option.dir || 'ltr';
}
speak(address.get('lang'));
languages.addEventListener('change', () => {
  speak(languages.value);
  address.set('lang', languages.value);
  history.replaceState(null, '', `?${address}`);
});

byId('back-to-centre').addEventListener('click', () => byId('grid').press?.('Home')); // (once defined)

// The server, with the prefix it is mounted at, as the elements take it: their script's folder, less `v/VERSION/`.
const server = new URL('.', byId('elements-script').href).href.replace(/\/v\/[^/]+\/$/, '/');

// Each view's embed snippet: the image of what is on screen, and the element as HTML.
const positions = { 'endless-ruler': ['value'], 'endless-loop': ['item'], 'endless-grid': ['x', 'y'],
  'endless-timeline': ['value'] };
const skip = new Set(['id', 'role', 'tabindex', 'follows', 'factor', 'name', 'style', 'class'].concat(
  ['value', 'item', 'x', 'y']));

function snippet(details) {
  const el = byId(details.dataset.for);
  if (!el.readout.image) return;
  const attributes = [...el.attributes].filter((a) => !skip.has(a.name) && !a.name.startsWith('aria-'))
    .map((a) => (a.value ? ` ${a.name}="${a.value}"` : ` ${a.name}`)).join('');
  const here = positions[el.localName].map((name) => ` ${name}="${el[name]}"`).join('');
  const parts = [
    ['Image', `<img src="${new URL(el.readout.image, server)}" alt="${el.getAttribute('aria-label') || ''}">`],
    ['Element', `<script src="${server}endless.js"></script>\n<${el.localName}${attributes}${here}>` +
      `</${el.localName}>`],
  ];
  // The image itself, as an embed shows it (fetched once the details open).
  const image = Object.assign(document.createElement('img'), { src: new URL(el.readout.image, server),
    alt: el.readout.text, loading: 'lazy', className: 'preview' });
  details.replaceChildren(details.querySelector('summary'), image, ...parts.map(([label, text]) => {
    const block = document.createElement('div');
    const pre = Object.assign(document.createElement('pre'), { textContent: text });
    const copy = Object.assign(document.createElement('button'), { type: 'button', textContent: `Copy ${label.toLowerCase()}` });
    copy.addEventListener('click', () => navigator.clipboard.writeText(text).then(() => { copy.textContent = 'Copied'; },
      () => { getSelection().selectAllChildren(pre); }));
    block.append(Object.assign(document.createElement('strong'), { textContent: label }), pre, copy);
    return block;
  }));
}
for (const details of document.querySelectorAll('.embed')) {
  const el = byId(details.dataset.for);
  el.addEventListener('change', () => snippet(details));
  el.addEventListener('endless-frame', function first() { snippet(details); el.removeEventListener('endless-frame', first); });
}
