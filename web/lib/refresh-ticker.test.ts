import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { needsRefresh, REFRESH_THRESHOLD_MS, REFRESH_TICK_MS, startRefreshTicker } from "./refresh-ticker";
import { tokenExpiringIn } from "./testing/make-token";

const NOW = Date.UTC(2026, 0, 1);

describe("needsRefresh", () => {
  it("is true only when signed in with fewer than 5 minutes left", () => {
    expect(REFRESH_THRESHOLD_MS).toBe(300_000);
    expect(needsRefresh(tokenExpiringIn(299, NOW), NOW)).toBe(true);
    expect(needsRefresh(tokenExpiringIn(300, NOW), NOW)).toBe(false);
    expect(needsRefresh(tokenExpiringIn(3600, NOW), NOW)).toBe(false);
    expect(needsRefresh(tokenExpiringIn(-1, NOW), NOW)).toBe(false);
    expect(needsRefresh(null, NOW)).toBe(false);
  });
});

describe("refresh ticker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("ticks every 100 ms and refreshes once per token as expiry nears", () => {
    expect(REFRESH_TICK_MS).toBe(100);
    let token: string | null = tokenExpiringIn(301, NOW);
    const refresh = vi.fn(async () => undefined);
    const stop = startRefreshTicker({ getToken: () => token, refresh });
    vi.advanceTimersByTime(500);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500); // now fewer than 5 minutes left
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    token = tokenExpiringIn(100, Date.now()); // a new token, also near expiry
    vi.advanceTimersByTime(100);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    token = tokenExpiringIn(50, Date.now());
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("does nothing while signed out", () => {
    const refresh = vi.fn(async () => undefined);
    const stop = startRefreshTicker({ getToken: () => null, refresh });
    vi.advanceTimersByTime(10_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });
});
