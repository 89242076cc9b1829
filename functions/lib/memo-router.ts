import type { Result, Router } from "hono/router";

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
 */
export const MEMO_SIZE = 1000;
const MAX_PATH = 512;

export class MemoRouter<T> implements Router<T> {
  name: string;
  #memo = new Map<string, Result<T>>();

  constructor(private readonly inner: Router<T>) {
    this.name = `MemoRouter + ${inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    let found = this.#memo.get(key);
    if (found) {
      // Most recently used last: the first key is the one to drop.
      this.#memo.delete(key);
    } else {
      found = this.inner.match(method, path);
      if (this.#memo.size >= MEMO_SIZE) this.#memo.delete(this.#memo.keys().next().value!);
    }
    this.#memo.set(key, found);
    return found;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.#memo.size;
  }
}
