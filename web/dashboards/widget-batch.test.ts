import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-errors";
import type { Widget } from "./types";
import { widgetBatcher, type BatchItem } from "./widget-batch";

const widget = (id: string, type: Widget["type"] = "number") => ({ id, type }) as Widget;

/** A fake server: records each request's ids, answers each id after `hold` resolves. */
function server(answer: (id: string) => BatchItem = (id) => ({ widget_id: id, value: id.length })) {
  const requests: string[][] = [];
  const releases: (() => void)[] = [];
  const fetchMany = (ids: string[]) => {
    requests.push(ids);
    return new Promise<{ list: BatchItem[] }>((resolve) => releases.push(() => resolve({ list: ids.map(answer) })));
  };
  return { requests, releases, fetchMany };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("widgetBatcher", () => {
  it("reads every widget asked for in the same tick in one request, a pivot only after the quick ones", async () => {
    const s = server();
    const load = widgetBatcher(s.fetchMany);
    const a = load(widget("a"));
    const pivot = load(widget("pivot", "pivot"));
    const bar = load(widget("bar", "bar"));
    await tick();
    expect(s.requests).toEqual([["a", "bar"]]);
    s.releases[0]!();
    await expect(a).resolves.toEqual({ widget_id: "a", value: 1 });
    await expect(bar).resolves.toEqual({ widget_id: "bar", value: 3 });
    expect(s.requests).toEqual([["a", "bar"], ["pivot"]]);
    s.releases[1]!();
    await expect(pivot).resolves.toEqual({ widget_id: "pivot", value: 5 });
    // A later tick is a new request.
    const again = load(widget("a"));
    await tick();
    expect(s.requests[2]).toEqual(["a"]);
    s.releases[2]!();
    await expect(again).resolves.toMatchObject({ value: 1 });
  });

  it("keeps a widget's refusal to that widget, and a cancelled read stops only its own wait", async () => {
    const s = server((id) =>
      id === "hidden"
        ? { widget_id: id, error: { status: 403, msg: "hidden from your role" } }
        : { widget_id: id, value: 7 },
    );
    const load = widgetBatcher(s.fetchMany);
    const stop = new AbortController();
    const ok = load(widget("ok"));
    const hidden = load(widget("hidden"));
    const cancelled = load(widget("gone"), stop.signal);
    stop.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    await tick();
    s.releases[0]!();
    await expect(ok).resolves.toMatchObject({ value: 7 });
    const err = await hidden.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, message: "hidden from your role" });
  });

  it("splits a dashboard of more than 50 widgets into requests of 50", async () => {
    const s = server();
    const load = widgetBatcher(s.fetchMany);
    const all = Array.from({ length: 60 }, (_, i) => load(widget(`w${i}`)));
    await tick();
    expect(s.requests.map((r) => r.length)).toEqual([50]);
    s.releases[0]!();
    await Promise.resolve();
    await tick();
    expect(s.requests.map((r) => r.length)).toEqual([50, 10]);
    s.releases[1]!();
    expect(await Promise.all(all)).toHaveLength(60);
  });
});
