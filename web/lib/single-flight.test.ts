import { describe, expect, it } from "vitest";
import { singleFlight } from "./single-flight";

describe("singleFlight", () => {
  it("shares one run between concurrent callers and starts anew afterwards", async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 5));
      return runs;
    });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    await expect(run()).resolves.toBe(2);
  });

  it("starts anew after a failure", async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error("boom");
      return "ok";
    });
    await expect(run()).rejects.toThrow("boom");
    await expect(run()).resolves.toBe("ok");
  });
});
