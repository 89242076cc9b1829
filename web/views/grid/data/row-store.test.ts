import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RowStore, type FetchPage } from "./row-store";

function fakeServer(total: number) {
  const calls: number[] = [];
  const aborted: number[] = [];
  const pending: Array<() => void> = [];
  const fetchPage: FetchPage = (offset, limit, signal) => {
    calls.push(offset);
    signal.addEventListener("abort", () => aborted.push(offset));
    return new Promise((resolve) => {
      pending.push(() => {
        const list = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
          Id: offset + i + 1,
        }));
        resolve({ list, totalRows: total });
      });
    });
  };
  const flush = async () => {
    while (pending.length) pending.shift()!();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { fetchPage, calls, aborted, flush };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("RowStore", () => {
  it("fetches the first page, learns the row count, then the pages near the viewport", async () => {
    const s = fakeServer(100_000);
    const store = new RowStore(s.fetchPage, { overscan: 0 });
    store.start();
    expect(s.calls).toEqual([0]);
    await s.flush();
    expect(store.totalRows).toBe(100_000);
    expect(store.rowAt(5)).toEqual({ Id: 6 });
    store.setViewport(5000, 5030);
    await vi.advanceTimersByTimeAsync(200);
    expect(s.calls).toEqual([0, 5000]);
    await s.flush();
    expect(store.rowAt(5030)).toEqual({ Id: 5031 });
    expect(store.rowAt(7000)).toBeUndefined();
  });

  it("aborts pages scrolled past and does not start pages while racing", async () => {
    const s = fakeServer(1_000_000);
    const store = new RowStore(s.fetchPage, { overscan: 0 });
    store.start();
    await s.flush();
    store.setViewport(10_000, 10_030);
    await vi.advanceTimersByTimeAsync(50);
    expect(s.calls).toEqual([0, 10_000]);
    for (let k = 1; k <= 5; k++) {
      store.setViewport(10_000 + k * 50_000, 10_030 + k * 50_000);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(s.aborted).toEqual([10_000]);
    await vi.advanceTimersByTimeAsync(300);
    expect(s.calls.at(-1)).toBe(260_000);
    expect(s.calls.filter((c) => c > 10_000 && c < 260_000)).toEqual([]);
  });

  it("keeps memory bounded by evicting the least recently used pages", async () => {
    const s = fakeServer(1_000_000);
    const store = new RowStore(s.fetchPage, { overscan: 0, maxPages: 3 });
    store.start();
    await s.flush();
    for (const row of [1000, 2000, 3000, 4000]) {
      store.setViewport(row, row + 10);
      await vi.advanceTimersByTimeAsync(200);
      await s.flush();
    }
    expect(store.loadedPageCount).toBe(3);
    expect(store.rowAt(0)).toBeUndefined();
    expect(store.rowAt(4000)).toEqual({ Id: 4001 });
  });

  it("loads a range on demand, patches by key and reloads without flashing", async () => {
    const s = fakeServer(1000);
    const store = new RowStore(s.fetchPage, { overscan: 0 });
    store.start();
    await s.flush();
    const range = store.loadRange(150, 250);
    await vi.advanceTimersByTimeAsync(0);
    await s.flush();
    const rows = await range;
    expect(rows).toHaveLength(101);
    store.patchByKey("Id", 3, { Title: "x" });
    expect(store.rowAt(2)).toEqual({ Id: 3, Title: "x" });
    store.reload();
    expect(store.rowAt(2)).toEqual({ Id: 3, Title: "x" });
    await s.flush();
    expect(store.rowAt(2)).toEqual({ Id: 3 });
  });

  it("applies an edit made elsewhere at once and fetches only the pages it lists", async () => {
    const s = fakeServer(10);
    const store = new RowStore(s.fetchPage, { overscan: 0, pageSize: 4 });
    store.start();
    await s.flush();
    await vi.advanceTimersByTimeAsync(50);
    await s.flush();
    expect(store.rowAt(9)).toEqual({ Id: 10 });
    const calls = s.calls.length;
    expect(store.applyEdit(() => null)).toBe(false);
    const applied = store.applyEdit((loaded) => {
      expect(loaded.totalRows).toBe(10);
      expect([...loaded.pages.keys()]).toEqual(expect.arrayContaining([0, 1, 2]));
      return {
        pages: new Map([
          [0, [{ Id: 2 }, { Id: 3 }, { Id: 4 }, { Id: 5 }]],
          [1, [{ Id: 6 }, { Id: 7 }, { Id: 8 }]],
          [2, [{ Id: 10 }]],
        ]),
        totalRows: 9,
        refetch: [1],
      };
    });
    expect(applied).toBe(true);
    expect(store.totalRows).toBe(9);
    expect(store.rowAt(0)).toEqual({ Id: 2 });
    // The page being fetched again shows the rows it has until the answer comes.
    expect(store.rowAt(6)).toEqual({ Id: 8 });
    expect(store.rowAt(7)).toBeUndefined();
    expect(s.calls.slice(calls)).toEqual([4]);
    await s.flush();
    expect(store.rowAt(7)).toEqual({ Id: 8 });
    expect(store.rowAt(4)).toEqual({ Id: 5 });
  });

  it("reports a failed page and does not hammer the server", async () => {
    const fetchPage = vi.fn<FetchPage>(() => Promise.reject(new Error("down")));
    const onError = vi.fn();
    const store = new RowStore(fetchPage, { onError });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    store.setViewport(0, 10);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    store.retry();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it("scrolls on by the previous page's cursor, jumps by offset, and falls back when a cursor is refused", async () => {
    const asked: Array<[number, string | undefined]> = [];
    let refuse = false;
    const fetchPage: FetchPage = (offset, limit, _signal, cursor) => {
      asked.push([offset, cursor]);
      if (cursor && refuse) return Promise.reject(new Error("stale cursor"));
      const list = Array.from({ length: limit }, (_, i) => ({ Id: offset + i + 1 }));
      return Promise.resolve({ list, totalRows: 100_000, cursor: `after-${offset + limit}` });
    };
    const store = new RowStore(fetchPage, { overscan: 0 });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const first of [100, 200]) {
      store.setViewport(first, first + 5);
      await vi.advanceTimersByTimeAsync(50);
    }
    store.setViewport(50_000, 50_005);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toEqual([
      [0, undefined],
      [100, "after-100"],
      [200, "after-200"],
      [50_000, undefined],
    ]);
    // After a change that may move rows, offsets again until a page tells a cursor anew.
    store.patchByKey("Id", 50_001, { Title: "x" });
    refuse = true;
    store.setViewport(50_100, 50_105);
    await vi.advanceTimersByTimeAsync(50);
    expect(asked.at(-1)).toEqual([50_100, undefined]);
    store.setViewport(50_200, 50_205);
    await vi.advanceTimersByTimeAsync(50);
    expect(asked.slice(-2)).toEqual([
      [50_200, "after-50200"],
      [50_200, undefined],
    ]);
    expect(store.rowAt(50_200)).toEqual({ Id: 50_201 });
    expect(store.error).toBeNull();
  });
});
