import { PartySocket } from "partysocket";
import { describe, expect, it } from "vitest";
import { installJitter, reconnectDelay, SOCKET_POLICY, socketOptions } from "./reconnect-policy";

describe("reconnect policy (SPEC 9)", () => {
  it("has the SPEC 9 constants: 20 s time-out, 1-5 s delay, unlimited attempts", () => {
    expect(socketOptions()).toMatchObject({
      connectionTimeout: 20_000,
      minReconnectionDelay: 1_000,
      maxReconnectionDelay: 5_000,
      maxRetries: Infinity,
    });
    expect(SOCKET_POLICY.randomisation).toBe(0.5);
  });

  it("connects at once, then grows the delay up to the maximum", () => {
    const mid = () => 0.5; // no jitter
    expect(reconnectDelay(0, mid)).toBe(0);
    expect(reconnectDelay(1, mid)).toBe(1_000);
    expect(reconnectDelay(2, mid)).toBe(1_500);
    expect(reconnectDelay(3, mid)).toBe(2_250);
    expect(reconnectDelay(10, mid)).toBe(5_000);
    expect(reconnectDelay(1_000, mid)).toBe(5_000);
  });

  it("moves the delay by up to ±50 %, within 1-5 s", () => {
    expect(reconnectDelay(3, () => 0)).toBe(1_125); // 2250 - 50 %
    expect(reconnectDelay(3, () => 0.999999)).toBe(3_375); // 2250 + 50 %
    expect(reconnectDelay(1, () => 0)).toBe(1_000); // never under the minimum
    expect(reconnectDelay(10, () => 0.999999)).toBe(5_000); // never over the maximum
    expect(reconnectDelay(10, () => 0)).toBe(2_500);
    const seen = new Set(Array.from({ length: 200 }, () => reconnectDelay(4)));
    expect(seen.size).toBeGreaterThan(20);
    for (const d of seen) expect(d >= 1_000 && d <= 5_000).toBe(true);
  });

  it("does not reconnect a socket the room refused (session ended, access revoked), but any other close", () => {
    const again = socketOptions().shouldReconnectOnClose;
    expect(again({ code: 4001 })).toBe(false);
    expect(again({ code: 4003 })).toBe(false);
    for (const code of [1000, 1001, 1006, 1011, 1012]) expect(again({ code })).toBe(true);
  });

  it("replaces partysocket's delay function (the pinned version still has the hook)", () => {
    class NoSocket {}
    const socket = new PartySocket({
      host: "localhost:1",
      party: "project",
      room: "p1",
      startClosed: true,
      WebSocket: NoSocket,
      ...socketOptions(),
    });
    installJitter(socket, () => 0);
    const hook = socket as unknown as { _retryCount: number; _getNextDelay(): number };
    hook._retryCount = 3;
    expect(hook._getNextDelay()).toBe(1_125);
    hook._retryCount = 0;
    expect(hook._getNextDelay()).toBe(0);
    expect(() => installJitter({})).toThrow(/partysocket changed/);
  });
});
