/**
 * The grid's rows: pages fetched by offset around the viewport (page-cache.ts rules), kept in
 * memory up to a bound, shared with React through subscribe/getVersion. Rules:
 * - The first answer's `totalRows` is the row count; later answers update it.
 * - Viewport changes are pumped at most every `throttleMs`. A jump of more than two pages fetches
 *   at once; a second jump within 150 ms means the viewport races (a scrollbar drag): nothing new
 *   starts until it settles, so pages scrolled past are never fetched, and in-flight requests for
 *   them are aborted.
 * - A page that failed is not asked again for 3 s; the error is reported once per failure.
 * - reload() (after rows are added or deleted) refetches what is wanted and shows the old pages
 *   until the new ones arrive, so the grid does not flash.
 * - Scrolling on from a loaded page asks the next one by that page's `cursor` (issue 36: the server
 *   seeks to it, where an offset makes it count every row before); a page far from the loaded ones
 *   is asked by offset. Any change that can move rows (reload, edits, patches) forgets the cursors,
 *   and a page refused by cursor is asked again by offset.
 */
import { pageOf, pagesToEvict, planFetches, wantedPages, type Viewport } from "./page-cache";
import { rowIdOf } from "../../../lib/row-id";

export type Row = Record<string, unknown>;
export interface PageAnswer {
  list: Row[];
  totalRows: number;
  /** The count is the database's estimate (a large external table): shown as approximate. */
  approximate?: boolean;
  /** Where the next page starts (the API's `pageInfo.cursor`); null or absent: ask it by offset. */
  cursor?: string | null;
}
/** `cursor`: the previous page's, when it is known; the page is then asked after it. */
export type FetchPage = (offset: number, limit: number, signal: AbortSignal, cursor?: string) => Promise<PageAnswer>;
/** The loaded pages as a change made elsewhere (realtime) sees them. */
export interface LoadedPages {
  pages: ReadonlyMap<number, readonly Row[]>;
  totalRows: number | null;
  pageSize: number;
}
/** Such a change: the pages that stay loaded, the row count, and pages to fetch again. */
export interface PagesEdit {
  pages: Map<number, Row[]>;
  totalRows: number | null;
  refetch: number[];
}

export interface RowStoreOptions {
  pageSize?: number;
  maxPages?: number;
  maxConcurrent?: number;
  overscan?: number;
  throttleMs?: number;
  onError?(error: unknown): void;
}

type Waiter = { resolve(): void; reject(e: unknown): void };
const RETRY_MS = 3000;

export class RowStore {
  readonly pageSize: number;
  totalRows: number | null = null;
  approximate = false;
  error: unknown = null;
  private pages = new Map<number, Row[]>();
  private stale = new Map<number, Row[]>();
  private used = new Map<number, number>();
  private inFlight = new Map<number, AbortController>();
  private failed = new Map<number, number>();
  private pinned = new Map<number, number>();
  private waiters = new Map<number, Waiter[]>();
  /** Page p's cursor: where page p + 1 starts. */
  private cursors = new Map<number, string>();
  private view: Viewport = { first: 0, last: 60 };
  private lastPump = { at: -Infinity, center: 0 };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tick = 0;
  private version = 0;
  private generation = 0;
  private disposed = false;
  private listeners = new Set<() => void>();
  private readonly opts: Required<Omit<RowStoreOptions, "onError">> & Pick<RowStoreOptions, "onError">;

  constructor(
    private readonly fetchPage: FetchPage,
    options: RowStoreOptions = {},
  ) {
    this.opts = { pageSize: 100, maxPages: 60, maxConcurrent: 4, overscan: 60, throttleMs: 40, ...options };
    this.pageSize = this.opts.pageSize;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getVersion = () => this.version;

  private bump() {
    this.version += 1;
    this.listeners.forEach((l) => l());
  }

  rowAt(index: number): Row | undefined {
    const p = pageOf(index, this.pageSize);
    const page = this.pages.get(p) ?? this.stale.get(p);
    return page?.[index - p * this.pageSize];
  }

  get loadedPageCount(): number {
    return this.pages.size;
  }

  /** Starts (or, after dispose, restarts) fetching. */
  start(): void {
    this.disposed = false;
    this.pump();
  }

  setViewport(first: number, last: number): void {
    if (first === this.view.first && last === this.view.last) return;
    this.view = { first, last };
    if (this.timer === null) this.timer = setTimeout(() => this.pump(), this.opts.throttleMs);
  }

  private wanted(): number[] {
    const total = this.totalRows ?? this.view.last + 1;
    return wantedPages(this.view, total, this.pageSize, this.opts.overscan);
  }

  private pump(): void {
    this.timer = null;
    if (this.disposed) return;
    const now = Date.now();
    const center = (this.view.first + this.view.last) / 2;
    const bigMove = Math.abs(center - this.lastPump.center) > 2 * this.pageSize;
    const racing = bigMove && now - this.lastPump.at < 150;
    this.lastPump = { at: bigMove ? now : this.lastPump.at, center };
    const wanted = this.wanted();
    const pinned = new Set(this.pinned.keys());
    const all = [...wanted, ...[...pinned].filter((p) => !wanted.includes(p))];
    const skip = new Set([
      ...this.pages.keys(),
      ...[...this.failed].filter(([, at]) => now - at < RETRY_MS).map(([p]) => p),
    ]);
    const plan = planFetches(all, skip, new Set(this.inFlight.keys()), this.opts.maxConcurrent + pinned.size, pinned);
    for (const p of plan.abort) this.abort(p);
    if (racing) {
      this.timer = setTimeout(() => this.pump(), 80);
    } else {
      for (const p of plan.start) this.fetch(p);
    }
    const keep = new Set(all);
    for (const p of [...this.stale.keys()]) if (!keep.has(p)) this.stale.delete(p);
    for (const p of pagesToEvict(this.used, keep, this.opts.maxPages)) {
      this.pages.delete(p);
      this.used.delete(p);
      this.cursors.delete(p);
    }
    for (const p of wanted) if (this.pages.has(p)) this.used.set(p, ++this.tick);
  }

  private abort(p: number) {
    this.inFlight.get(p)?.abort();
    this.inFlight.delete(p);
  }

  private fetch(p: number): void {
    const controller = new AbortController();
    const generation = this.generation;
    this.inFlight.set(p, controller);
    this.ask(p, controller.signal).then(
      (answer) => {
        if (generation !== this.generation || this.disposed || controller.signal.aborted) return;
        this.inFlight.delete(p);
        if (answer.cursor) this.cursors.set(p, answer.cursor);
        else this.cursors.delete(p);
        this.pages.set(p, answer.list);
        this.stale.delete(p);
        this.used.set(p, ++this.tick);
        this.failed.delete(p);
        this.totalRows = answer.totalRows;
        this.approximate = Boolean(answer.approximate);
        this.error = null;
        this.settle(p, null);
        this.bump();
        this.pump();
      },
      (error: unknown) => {
        if (generation !== this.generation || this.disposed || controller.signal.aborted) return;
        this.inFlight.delete(p);
        this.failed.set(p, Date.now());
        this.error = error;
        this.settle(p, error ?? new Error("page failed"));
        this.opts.onError?.(error);
        this.bump();
      },
    );
  }

  /** Page p by the cursor of page p - 1 when it is known, else (or when that is refused) by offset. */
  private ask(p: number, signal: AbortSignal): Promise<PageAnswer> {
    const offset = p * this.pageSize;
    const after = this.cursors.get(p - 1);
    if (after === undefined) return this.fetchPage(offset, this.pageSize, signal);
    return this.fetchPage(offset, this.pageSize, signal, after).catch((error: unknown) => {
      if (signal.aborted) throw error;
      this.cursors.delete(p - 1);
      return this.fetchPage(offset, this.pageSize, signal);
    });
  }

  private settle(p: number, error: unknown) {
    const list = this.waiters.get(p) ?? [];
    this.waiters.delete(p);
    list.forEach((w) => (error ? w.reject(error) : w.resolve()));
  }

  /** Rows `first`..`last` (fetching missing pages); used by copy, paste and delete. */
  async loadRange(first: number, last: number): Promise<Row[]> {
    const from = pageOf(first, this.pageSize);
    const to = pageOf(last, this.pageSize);
    const pages: number[] = [];
    for (let p = from; p <= to; p++) pages.push(p);
    pages.forEach((p) => this.pinned.set(p, (this.pinned.get(p) ?? 0) + 1));
    try {
      const waits = pages
        .filter((p) => !this.pages.has(p))
        .map(
          (p) =>
            new Promise<void>((resolve, reject) => {
              this.failed.delete(p);
              this.waiters.set(p, [...(this.waiters.get(p) ?? []), { resolve, reject }]);
            }),
        );
      if (waits.length > 0) this.pump();
      await Promise.all(waits);
      const rows: Row[] = [];
      for (let i = first; i <= last; i++) {
        const row = this.rowAt(i);
        if (row) rows.push(row);
      }
      return rows;
    } finally {
      pages.forEach((p) => {
        const n = (this.pinned.get(p) ?? 1) - 1;
        if (n <= 0) this.pinned.delete(p);
        else this.pinned.set(p, n);
      });
    }
  }

  /** Changes loaded copies of a row (found by key) after a write. */
  patchByKey(keyTitle: string, key: unknown, values: Row): void {
    let changed = false;
    for (const map of [this.pages, this.stale]) {
      for (const [p, rows] of map) {
        const i = rows.findIndex((r) => rowIdOf(r, keyTitle) === key);
        if (i < 0) continue;
        const next = rows.slice();
        next[i] = { ...rows[i], ...values };
        map.set(p, next);
        changed = true;
      }
    }
    // The row may have been a page's last, and its sort values the cursor's.
    if (changed) this.cursors.clear();
    if (changed) this.bump();
  }

  /**
   * Applies a change made elsewhere (another tab's insert or delete) to the loaded pages without
   * refetching them; pages in `refetch` show their old rows until fetched again. False when
   * `change` found nothing to do.
   */
  applyEdit(change: (loaded: LoadedPages) => PagesEdit | null): boolean {
    const edit = change({ pages: this.pages, totalRows: this.totalRows, pageSize: this.pageSize });
    if (!edit) return false;
    for (const p of this.pages.keys()) if (!edit.pages.has(p)) this.used.delete(p);
    this.pages = edit.pages;
    this.totalRows = edit.totalRows;
    this.cursors.clear();
    // Offsets may have moved: pages on their way are asked again.
    for (const p of [...this.inFlight.keys()]) this.abort(p);
    for (const p of edit.refetch) {
      const rows = this.pages.get(p);
      if (rows) this.stale.set(p, rows);
      this.pages.delete(p);
      this.used.delete(p);
      this.abort(p);
    }
    this.bump();
    this.pump();
    return true;
  }

  /** Asks again for pages that failed. */
  retry(): void {
    this.failed.clear();
    this.error = null;
    this.pump();
    this.bump();
  }

  /** Refetches the count and the wanted pages; the old pages show until replaced. */
  reload(): void {
    this.generation += 1;
    for (const c of this.inFlight.values()) c.abort();
    this.inFlight.clear();
    for (const [p, rows] of this.pages) this.stale.set(p, rows);
    this.pages.clear();
    this.used.clear();
    this.cursors.clear();
    this.failed.clear();
    for (const p of [...this.waiters.keys()]) this.settle(p, new Error("reloaded"));
    this.pump();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    for (const c of this.inFlight.values()) c.abort();
    this.inFlight.clear();
    this.timer = null;
  }
}
