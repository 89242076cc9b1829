import { describe, expect, it } from "vitest";
import { createSettingsStore, defaultSettings, type KeyValueStorage } from "./settings";
import { feedbackDue, nextFeedbackForm, runStartupChecks } from "./startup-checks";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-24T12:00:00Z");
const memory = (): KeyValueStorage => {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
};

describe("feedback form polling (SPEC 4)", () => {
  const never = defaultSettings().feedbackForm;
  it("is due when never polled, unreadable, or more than a day ago", () => {
    expect(feedbackDue(never, NOW)).toBe(true);
    expect(feedbackDue({ ...never, lastFormPollDate: "garbage" }, NOW)).toBe(true);
    expect(feedbackDue({ ...never, lastFormPollDate: new Date(NOW - DAY - 1).toISOString() }, NOW)).toBe(true);
    expect(feedbackDue({ ...never, lastFormPollDate: new Date(NOW - DAY + 60_000).toISOString() }, NOW)).toBe(false);
  });
  it("honours an error answer: only the poll date changes", () => {
    const prev = { url: "https://f.example/a", createdAt: "2026-01-01", isHidden: true, lastFormPollDate: null };
    expect(nextFeedbackForm(prev, { error: "not available" }, NOW)).toEqual({
      ...prev,
      lastFormPollDate: new Date(NOW).toISOString(),
    });
  });
  it("keeps the form hidden only while the url is unchanged", () => {
    const prev = { url: "https://f.example/a", createdAt: null, isHidden: true, lastFormPollDate: null };
    expect(nextFeedbackForm(prev, { url: "https://f.example/a", created_at: "c" }, NOW).isHidden).toBe(true);
    expect(nextFeedbackForm(prev, { url: "https://f.example/b", created_at: "c" }, NOW)).toMatchObject({
      url: "https://f.example/b",
      createdAt: "c",
      isHidden: false,
    });
  });
  it("polls at start-up only when due, records currentVersion and keeps the release fields", async () => {
    const settings = createSettingsStore(memory());
    settings.update({ latestRelease: "0.2.0", hiddenRelease: "0.1.5" });
    let polls = 0;
    const deps = {
      settings,
      getFeedbackForm: async () => (polls++, { error: "not available" }),
      getVersion: async () => "0.1.0",
      now: () => NOW,
    };
    await runStartupChecks(deps);
    await runStartupChecks({ ...deps, now: () => NOW + 60_000 });
    expect(polls).toBe(1);
    await runStartupChecks({ ...deps, now: () => NOW + DAY + 1 });
    expect(polls).toBe(2);
    expect(settings.get()).toMatchObject({ currentVersion: "0.1.0", latestRelease: "0.2.0", hiddenRelease: "0.1.5" });
  });
});
