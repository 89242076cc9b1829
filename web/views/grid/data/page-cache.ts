/**
 * Which row pages the grid needs. Rules:
 * - Rows are fetched in pages of `pageSize` by offset; page p holds rows p*size .. p*size+size-1.
 * - Wanted pages cover the visible rows plus `overscan` rows each side, clipped to the row count;
 *   the pages under the visible rows come first (nearest the middle first), then the overscan.
 * - Fetches start for wanted pages that are neither loaded nor in flight, at most `maxConcurrent`
 *   in flight at once; in-flight pages that are no longer wanted are aborted (scrolled past).
 * - Loaded pages beyond `maxPages` are evicted, least recently used first; wanted and pinned
 *   pages never are.
 */
export interface Viewport {
  first: number;
  last: number;
}

export function pageOf(row: number, pageSize: number): number {
  return Math.floor(row / pageSize);
}

export function wantedPages(view: Viewport, totalRows: number, pageSize: number, overscan: number): number[] {
  if (totalRows <= 0 || view.last < view.first) return [];
  const lastRow = totalRows - 1;
  const clampRow = (r: number) => Math.max(0, Math.min(lastRow, r));
  const vFirst = pageOf(clampRow(view.first), pageSize);
  const vLast = pageOf(clampRow(view.last), pageSize);
  const oFirst = pageOf(clampRow(view.first - overscan), pageSize);
  const oLast = pageOf(clampRow(view.last + overscan), pageSize);
  const mid = (vFirst + vLast) / 2;
  const visible: number[] = [];
  for (let p = vFirst; p <= vLast; p++) visible.push(p);
  visible.sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  const extra: number[] = [];
  for (let p = oFirst; p < vFirst; p++) extra.push(p);
  for (let p = vLast + 1; p <= oLast; p++) extra.push(p);
  return [...visible, ...extra];
}

export interface FetchPlan {
  start: number[];
  abort: number[];
}

export function planFetches(
  wanted: readonly number[],
  loaded: ReadonlySet<number>,
  inFlight: ReadonlySet<number>,
  maxConcurrent: number,
  pinned: ReadonlySet<number> = new Set(),
): FetchPlan {
  const want = new Set(wanted);
  const abort = [...inFlight].filter((p) => !want.has(p) && !pinned.has(p));
  let slots = maxConcurrent - (inFlight.size - abort.length);
  const start: number[] = [];
  for (const p of wanted) {
    if (slots <= 0) break;
    if (loaded.has(p) || inFlight.has(p)) continue;
    start.push(p);
    slots -= 1;
  }
  return { start, abort };
}

export function pagesToEvict(
  lastUsed: ReadonlyMap<number, number>,
  keep: ReadonlySet<number>,
  maxPages: number,
): number[] {
  const excess = lastUsed.size - maxPages;
  if (excess <= 0) return [];
  return [...lastUsed.entries()]
    .filter(([p]) => !keep.has(p))
    .sort((a, b) => a[1] - b[1])
    .slice(0, excess)
    .map(([p]) => p);
}
