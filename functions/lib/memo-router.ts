import type { ParamIndexMap, Params, ParamStash, Result, Router } from "hono/router";

/**
 * A router that remembers its answers per method and path. The app has some 500 routes whose
 * patterns Hono's RegExpRouter cannot compile together (a parameter and a literal at the same
 * segment), so Hono falls back to its TrieRouter, which walks the tree on every request: about a
 * seventh of the Worker's time on a plain list request (profiled, issue 14). A match depends on
 * nothing but the method and the path, and the same few paths come back request after request
 * (a grid pages through one table), so the answer is kept. Rules:
 * - bounded (MEMO_SIZE entries, least recently used dropped first); long paths are not kept;
 * - adding a route forgets everything (routes are all added at start-up);
 * - Hono only reads a match's handlers and parameters, so one answer serves many requests.
 *
 * Paths that differ only in a record id (`…/t1/17`, `…/t1/18`: one record's read, update,
 * delete) would each miss, and walking the tree costs most while the walk is not yet compiled:
 * a tenth of a millisecond warm, half a millisecond over the first updates (profiled, issue 14).
 * They share one answer per shape instead. Rules:
 * - an id is a segment of 1 to 15 ASCII digits; a path's shape is the path with its ids replaced;
 * - a shape is learnt from the wrapped router's match of a path, checked against its match of the
 *   same path with other ids (other lengths too): the same handlers, and parameters that differ
 *   exactly where the ids do, each being a whole id. A shape that fails the check (an id inside a
 *   longer parameter, the same id twice) is not generalised: its paths are kept one by one;
 * - no shapes at all once a route has a segment of digits, or a parameter pattern that takes some
 *   digit strings and not others: there, the digits of an id could choose the route.
 */
export const MEMO_SIZE = 1000;
const MAX_PATH = 512;
const ID = /^[0-9]{1,15}$/;
/** Digit strings a parameter pattern must take all or none of for ids to be generalised. */
const DIGIT_SAMPLES = ["0", "7", "42", "900", "123456789012345", "9".repeat(20)];

/** A learnt shape: each parameter value as it was (`is`), or the index of the path's id it takes. */
type Slot = { is: string | undefined } | { id: number };
interface Shape<T> {
  handlers: T[];
  /** Per handler: its parameter names and slots (TrieRouter's answers). */
  params?: Array<Array<[string, Slot]>>;
  /** RegExpRouter's answers: index maps as they are, the stash by slots. */
  indexMaps?: ParamIndexMap[];
  stash?: Slot[];
}
const UNSHAPED = null;

export class MemoRouter<T> implements Router<T> {
  name: string;
  #memo = new Map<string, Result<T>>();
  #shapes = new Map<string, Shape<T> | typeof UNSHAPED>();
  #idsMayRoute = false;

  constructor(private readonly inner: Router<T>) {
    this.name = `MemoRouter + ${inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#shapes.clear();
    if (!this.#idsMayRoute) this.#idsMayRoute = path.split("/").some(digitsMayRoute);
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    const found = this.#memo.get(key);
    if (found) return remember(this.#memo, key, found);
    const { ids, shape: pathShape } = this.#idsMayRoute ? NO_IDS : shapeOf(path);
    if (!ids.length) return remember(this.#memo, key, this.inner.match(method, path));
    const shapeKey = `${method} ${pathShape}`;
    const shape = this.#shapes.get(shapeKey);
    if (shape) {
      remember(this.#shapes, shapeKey, shape);
      return fill(shape, ids);
    }
    const answer = this.inner.match(method, path);
    if (shape === undefined) {
      const learnt = learn(answer, this.inner.match(method, otherIds(pathShape, ids)), ids);
      remember(this.#shapes, shapeKey, learnt);
      if (learnt) return answer;
    }
    return remember(this.#memo, key, answer);
  }

  /** Entries kept (tests): paths, and id shapes. */
  get size(): number {
    return this.#memo.size;
  }
  get shapes(): number {
    return this.#shapes.size;
  }
}

/** Keeps `value` as the most recently used entry (Map order), dropping the oldest past MEMO_SIZE. */
function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  if (map.size >= MEMO_SIZE) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** A route segment an id could match differently from another id: digits, or a picky pattern. */
function digitsMayRoute(segment: string): boolean {
  if (ID.test(segment)) return true;
  const pattern = /^:[^{]*\{(.+)\}\??$/.exec(segment)?.[1];
  if (!pattern) return false;
  const re = new RegExp(`^(?:${pattern})$`);
  const taken = DIGIT_SAMPLES.filter((s) => re.test(s)).length;
  return taken !== 0 && taken !== DIGIT_SAMPLES.length;
}

// NUL never appears in a parsed URL's path, so no literal segment can stand for an id.
const ID_MARK = "\u0000";
const NO_IDS = { ids: [] as string[], shape: "" };

/**
 * The path's ids in order, and the path with each replaced; no ids when one repeats (its
 * parameters could not be told apart).
 */
function shapeOf(path: string): { ids: string[]; shape: string } {
  const parts = path.split("/");
  const ids: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (!ID.test(parts[i]!)) continue;
    ids.push(parts[i]!);
    parts[i] = ID_MARK;
  }
  if (ids.length > 1 && new Set(ids).size < ids.length) return NO_IDS;
  return { ids, shape: parts.join("/") };
}

/** The path of `shape` with each id replaced by another, longer one, none equal to any id before. */
function otherIds(shape: string, ids: string[]): string {
  return shape
    .split(ID_MARK)
    .map((part, k) => (k ? alternate(ids, k - 1) : "") + part)
    .join("");
}
const alternate = (ids: string[], k: number) => `${k + 1}0${ids[k]}`;

/** The slot of a value seen as `a` with the path's ids and `b` with the other ids, or null. */
function slotOf(a: string | undefined, b: string | undefined, ids: string[]): Slot | null {
  if (a === b) return { is: a };
  const id = ids.indexOf(a ?? "");
  return id >= 0 && b === alternate(ids, id) ? { id } : null;
}

function learn<T>(first: Result<T>, second: Result<T>, ids: string[]): Shape<T> | typeof UNSHAPED {
  const [a, b] = [first[0], second[0]];
  if (a.length !== b.length || a.some(([h], i) => h !== b[i]![0])) return UNSHAPED;
  const handlers = a.map(([h]) => h);
  if (first[1] || second[1]) {
    const [sa, sb] = [first[1] ?? [], second[1] ?? []];
    if (sa.length !== sb.length) return UNSHAPED;
    if (a.some(([, m], i) => JSON.stringify(m) !== JSON.stringify(b[i]![1]))) return UNSHAPED;
    // Only the stash entries an index map names are parameters (the first is the whole match).
    const named = new Set(a.flatMap(([, m]) => Object.values(m as ParamIndexMap)));
    const stash = sa.map((v, j) => (named.has(j) ? slotOf(v, sb[j], ids) : { is: v }));
    if (stash.includes(null)) return UNSHAPED;
    return { handlers, indexMaps: a.map(([, m]) => m as ParamIndexMap), stash: stash as Slot[] };
  }
  const params: Array<Array<[string, Slot]>> = [];
  for (let i = 0; i < a.length; i++) {
    const [pa, pb] = [a[i]![1] as Params, b[i]![1] as Params];
    const names = Object.keys(pa);
    if (names.length !== Object.keys(pb).length) return UNSHAPED;
    const slots: Array<[string, Slot]> = [];
    for (const name of names) {
      const slot = slotOf(pa[name], pb[name], ids);
      if (slot === null) return UNSHAPED;
      slots.push([name, slot]);
    }
    params.push(slots);
  }
  return { handlers, params };
}

// An unmatched optional parameter stays undefined, as the wrapped router answers it.
const value = (slot: Slot, ids: string[]) => ("id" in slot ? ids[slot.id]! : (slot.is as string));

function fill<T>(shape: Shape<T>, ids: string[]): Result<T> {
  if (shape.stash) {
    const stash: ParamStash = shape.stash.map((slot) => value(slot, ids));
    return [shape.handlers.map((h, i) => [h, shape.indexMaps![i]!] as [T, ParamIndexMap]), stash];
  }
  return [
    shape.handlers.map((h, i) => {
      const params: Params = Object.create(null);
      for (const [name, slot] of shape.params![i]!) params[name] = value(slot, ids);
      return [h, params] as [T, Params];
    }),
  ];
}
