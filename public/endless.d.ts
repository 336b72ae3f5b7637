// Types of the Endless elements, defined by endless.js beside this file: <endless-ruler>, <endless-loop>,
// <endless-grid> and <endless-timeline>. The script is a plain script that exports nothing: import these as types only
// (`import type { EndlessRuler } from './endless'`); at run time `customElements.get('endless-ruler')` is the class.
// The same elements for editors and frameworks: custom-elements.json. A browser test checks both against the script.

/** What the last frame said an element shows. Every value is a string, as the server wrote it. */
export interface EndlessReadout {
  /** What it shows, for people, in the page's language (`lang`): a ruler's value as its format writes it (`72.4 kg`,
   * `72,4 kg`, `5′ 8½″`), `item 3`, or `(1000, -500)`. A program reads `value`, which no language changes. */
  readonly text: string;
  /** The address of an SVG of what is on screen: an `<img>` of it shows the same. */
  readonly image: string;
}

export interface EndlessRulerReadout extends EndlessReadout {
  /** The exact value under the pointer, at rest on a tick (`72.4`). */
  readonly value: string;
  /** The continuous value under the pointer where the view stands now (a follower follows it). */
  readonly position: string;
  /** The lowest value the ruler shows. */
  readonly minimum: string;
  /** The highest value the ruler shows. */
  readonly maximum: string;
  readonly orientation: 'horizontal' | 'vertical';
  /** Values a tick, when `zoomable` or given a `zoom`. */
  readonly zoom?: string;
}

export interface EndlessTimelineReadout extends EndlessRulerReadout {
  /** The value as milliseconds since 1970-01-01T00:00:00Z (`valueAsNumber`). */
  readonly number: string;
}

export interface EndlessLoopReadout extends EndlessReadout {
  /** The item centred, from 0. */
  readonly item: string;
  /** The first item: 0. */
  readonly minimum: string;
  /** The last item: `count` - 1. */
  readonly maximum: string;
  readonly orientation: 'horizontal' | 'vertical';
}

export interface EndlessGridReadout extends EndlessReadout {
  /** The world point at the grid's centre. */
  readonly x: string;
  readonly y: string;
  /** Its zoom level (`0` shows the world's own tiles). */
  readonly zoom: string;
}

/** A key an element moves by, and `press()` takes. */
export type EndlessKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'PageUp' | 'PageDown' | 'Home' | 'End';

/** The events every element fires, beside HTMLElement's. */
export interface EndlessElementEventMap extends HTMLElementEventMap {
  /** While what it shows changes, at most once per animation frame; bubbles. */
  'input': Event;
  /** Once a scroll has settled on a new value (a tick, an item centred, a point); bubbles. */
  'change': Event;
  /** After every frame applied: a follower follows its leader's. */
  'endless-frame': CustomEvent<null>;
  /**
   * Its server (for a follower, its leader's) stopped answering: no connection, a timeout, a 5xx. It is stale
   * (`:state(stale)`, the `stale` attribute), keeps its tiles, scroll and value, and asks again by itself; bubbles.
   */
  'endless-offline': Event;
  /** Its server answers again, and it shows where its reader left it; bubbles. */
  'endless-online': Event;
}

/** An item on a timeline, as its set gave it: what `endless-item` hands on. */
export interface EndlessItem {
  readonly id: string;
  /** RFC 3339, in the timeline's zone. */
  readonly start: string;
  /** RFC 3339, in the timeline's zone; `""` for a point. */
  readonly end: string;
  readonly title: string;
  /** Its lane's name; `""` for the set's unnamed lane. */
  readonly lane: string;
  readonly class: 'blue' | 'green' | 'orange' | 'red' | 'purple' | 'grey';
  /** Where it leads (`""` for nowhere): a plain click follows it unless the event is cancelled. */
  readonly url: string;
  /** Its title and time as a reader hears them, in the page's language. */
  readonly text: string;
}

/** A timeline's events: every element's, and its items'. */
export interface EndlessTimelineEventMap extends EndlessElementEventMap {
  /**
   * An item was chosen: clicked, tapped, or Enter on the one `]` or `[` went to. Cancelled (`preventDefault()`), a
   * linked item is not followed; bubbles.
   */
  'endless-item': CustomEvent<EndlessItem>;
}

/** What every element has: the frame protocol, one view. Not an element of its own. */
export declare abstract class EndlessView extends HTMLElement {
  /** What the last frame said the element shows; empty until the first frame is in. */
  get readout(): Partial<EndlessReadout>;
  /** Moves as the key would (`grid.press('Home')`: back to its centre); not while disabled or following. */
  press(key: EndlessKey): void;
  addEventListener<K extends keyof EndlessElementEventMap>(type: K,
    listener: (this: this, event: EndlessElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof EndlessElementEventMap>(type: K,
    listener: (this: this, event: EndlessElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions): void;
}

/** What a ruler and a timeline share: a slider and form control with a pointer. Not an element of its own. */
export declare abstract class EndlessSlider extends EndlessView {
  get readout(): Partial<EndlessRulerReadout>;
  /** The exact value as a string (`"72.4"`, `"2026-10-25T01:00:00+00:00"`); set, it goes there. */
  get value(): string;
  set value(value: string | number);
  /** The scale: a ruler's values a tick on a 1–2–5 ladder from `step`, a timeline's rung (`1h`). */
  get zoom(): string;
  set zoom(zoom: string);
  /** The form it belongs to, as for an `<input>`. */
  get form(): HTMLFormElement | null;
  /** The name it submits its value under: the `name` attribute (null without one). */
  get name(): string | null;
  set name(name: string | null);
  /** Disabled, by its `disabled` attribute or a disabled fieldset: not submitted, not moved. */
  get disabled(): boolean;
  set disabled(on: boolean);
}

/**
 * `<endless-ruler>`: a slider and a form control whose value is an exact decimal. With `follows`, it follows the
 * ruler of that `id` through `factor`, and is not scrolled by hand.
 */
export declare class EndlessRuler extends EndlessSlider {
  static readonly formAssociated: true;
  static readonly observedAttributes: readonly ['min', 'max', 'step', 'ticks', 'spacing', 'ends', 'unit', 'format',
    'grouping', 'subdivisions', 'zoomable', 'zoom', 'min-zoom', 'max-zoom', 'height', 'orientation', 'dir', 'theme',
    'factor', 'value', 'follows'];
}

/**
 * `<endless-timeline>`: a time picker and form control whose value is an RFC 3339 instant with its zone's offset
 * (`2026-11-26T13:00:00+01:00`), now when not given. With `follows`, it shows that timeline's instant in its own zone.
 */
export declare class EndlessTimeline extends EndlessSlider {
  static readonly formAssociated: true;
  static readonly observedAttributes: readonly ['tz', 'scale', 'spacing', 'min', 'max', 'step', 'ends', 'hours',
    'week-start', 'zoomable', 'zoom', 'height', 'orientation', 'dir', 'theme', 'items', 'value', 'follows'];
  get readout(): Partial<EndlessTimelineReadout>;
  addEventListener<K extends keyof EndlessTimelineEventMap>(type: K,
    listener: (this: this, event: EndlessTimelineEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof EndlessTimelineEventMap>(type: K,
    listener: (this: this, event: EndlessTimelineEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions): void;
  /** Milliseconds since 1970-01-01T00:00:00Z (NaN until answered); set, the timeline goes there. */
  get valueAsNumber(): number;
  set valueAsNumber(ms: number);
}

/** `<endless-loop>`: a looping strip, a slider over its items. */
export declare class EndlessLoop extends EndlessView {
  static readonly observedAttributes: readonly ['count', 'spacing', 'inset', 'height', 'orientation', 'theme', 'item'];
  get readout(): Partial<EndlessLoopReadout>;
  /** The item centred (0 is the first); set, the loop goes there. */
  get item(): number;
  set item(item: number | string);
}

/** `<endless-grid>`: an infinite grid, centred on a world point. */
export declare class EndlessGrid extends EndlessView {
  static readonly observedAttributes: readonly ['tile', 'theme', 'zoom', 'x', 'y'];
  get readout(): Partial<EndlessGridReadout>;
  /** Its zoom level: at level z a tile covers 2^z × 2^z of the world's; set, it rescales where it is. */
  get zoom(): number;
  set zoom(zoom: number | string);
  /** The world point's x at its centre; set, the grid goes there. */
  get x(): number;
  set x(x: number | string);
  /** The world point's y at its centre; set, the grid goes there. */
  get y(): number;
  set y(y: number | string);
}

declare global {
  interface HTMLElementTagNameMap {
    'endless-ruler': EndlessRuler;
    'endless-loop': EndlessLoop;
    'endless-grid': EndlessGrid;
    'endless-timeline': EndlessTimeline;
  }
}
