/**
 * The dashboard page's widget reads, batched: every widget asking for its data in the same tick
 * (the first paint, or the re-reads one room event starts) goes out in one request that the room
 * answers in one call, instead of one request each (each paying the Worker's access check, and
 * queued one behind another in the room anyway).
 *
 * Why two rounds: the room runs one query at a time, so a slow widget read first holds back every
 * quick one behind it. A pivot (rows × columns, ~300 ms at 1M rows against ≤ 30 ms for a count, a
 * bar or a monthly line) is asked for after the quick ones have answered: those draw at once, the
 * pivot when it is ready.
 */
import { ApiError } from "../lib/api-errors";
import type { Widget, WidgetData } from "./types";

/** The most widgets one request names (the route's limit, db/dashboards/requests.ts MAX_BATCH). */
const MAX_BATCH = 50;

/** One widget's part of a batched answer: its data, or why it could not be read. */
export type BatchItem =
  (WidgetData & { widget_id: string }) | { widget_id: string; error: { status: number; msg: string } };

export type FetchMany = (widgetIds: string[]) => Promise<{ list: BatchItem[] }>;

/** Read after the quick widgets (see above). */
export const isSlowWidget = (w: Pick<Widget, "type">) => w.type === "pivot";

interface Waiter {
  resolve(data: WidgetData): void;
  reject(err: unknown): void;
}

const aborted = () => new DOMException("The widget's read was cancelled", "AbortError");

export function widgetBatcher(fetchMany: FetchMany) {
  let queued = new Map<string, { widget: Widget; waiters: Waiter[] }>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = async (ids: string[], waiting: Map<string, { waiters: Waiter[] }>) => {
    for (let at = 0; at < ids.length; at += MAX_BATCH) await sendOne(ids.slice(at, at + MAX_BATCH), waiting);
  };
  const sendOne = async (ids: string[], waiting: Map<string, { waiters: Waiter[] }>) => {
    try {
      const { list } = await fetchMany(ids);
      for (const item of list) {
        for (const w of waiting.get(item.widget_id)?.waiters ?? []) {
          if ("error" in item) w.reject(new ApiError(item.error.status, item.error.msg, item.error));
          else w.resolve(item);
        }
        waiting.delete(item.widget_id);
      }
      // A widget the answer did not name (never expected) fails rather than spinning forever.
      for (const id of ids)
        for (const w of waiting.get(id)?.waiters ?? []) w.reject(new Error("No data for the widget"));
    } catch (err) {
      for (const id of ids) for (const w of waiting.get(id)?.waiters ?? []) w.reject(err);
    }
  };

  const flush = async () => {
    timer = null;
    const batch = queued;
    queued = new Map();
    const all = [...batch.values()];
    const quick = all.filter((e) => !isSlowWidget(e.widget)).map((e) => e.widget.id);
    const slow = all.filter((e) => isSlowWidget(e.widget)).map((e) => e.widget.id);
    await send(quick, new Map(quick.map((id) => [id, batch.get(id)!])));
    await send(slow, new Map(slow.map((id) => [id, batch.get(id)!])));
  };

  /** The widget's data, read with the others asked for in the same tick. */
  return function load(widget: Widget, signal?: AbortSignal): Promise<WidgetData> {
    return new Promise<WidgetData>((resolve, reject) => {
      if (signal?.aborted) return reject(aborted());
      // A cancelled read (the widget left the page, or a newer read replaced it) stops waiting; the
      // request goes on for the other widgets in it.
      const waiter: Waiter = { resolve, reject };
      signal?.addEventListener("abort", () => reject(aborted()), { once: true });
      const entry = queued.get(widget.id);
      if (entry) entry.waiters.push(waiter);
      else queued.set(widget.id, { widget, waiters: [waiter] });
      // A macrotask: every query React starts in this commit, or one event's invalidations, joins.
      timer ??= setTimeout(() => void flush(), 0);
    });
  };
}
