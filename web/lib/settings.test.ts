import { describe, expect, it } from "vitest";
import {
  createSettingsStore,
  defaultSettings,
  parseSettings,
  serialiseSettings,
  SETTINGS_KEY,
  SETTINGS_VERSION,
  type KeyValueStorage,
} from "./settings";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe("local settings", () => {
  it("has the SPEC 3 defaults", () => {
    const d = defaultSettings();
    expect(d).toMatchObject({ token: null, darkMode: false, filterAutoSave: true, includeM2M: false, previewAs: null });
    expect(d.feedbackForm).toEqual({ url: null, lastFormPollDate: null, createdAt: null, isHidden: false });
  });

  it("uses one versioned key", () => {
    expect(SETTINGS_KEY).toMatch(/v1$/);
    const store = createSettingsStore(memoryStorage());
    store.update({ token: "abc" });
    expect(store.get().token).toBe("abc");
  });

  it("round-trips through storage", () => {
    const storage = memoryStorage();
    createSettingsStore(storage).update({
      token: "t",
      lang: "de",
      filterAutoSave: false,
      includeM2M: true,
      previewAs: "editor",
    });
    expect([...storage.data.keys()]).toEqual([SETTINGS_KEY]);
    const again = createSettingsStore(storage).get();
    expect(again).toMatchObject({
      token: "t",
      lang: "de",
      filterAutoSave: false,
      includeM2M: true,
      previewAs: "editor",
    });
  });

  it("resets to defaults for a missing, broken or other-version record", () => {
    expect(parseSettings(null)).toEqual(defaultSettings());
    expect(parseSettings("{not json")).toEqual(defaultSettings());
    expect(parseSettings(JSON.stringify({ version: SETTINGS_VERSION + 1, settings: { token: "x" } }))).toEqual(
      defaultSettings(),
    );
    expect(parseSettings(JSON.stringify({ version: 0, settings: { token: "x" } }))).toEqual(defaultSettings());
    expect(parseSettings(JSON.stringify({ token: "x" }))).toEqual(defaultSettings());
    expect(parseSettings("null")).toEqual(defaultSettings());
  });

  it("falls back per field for wrong types", () => {
    const s = parseSettings(
      JSON.stringify({
        version: SETTINGS_VERSION,
        settings: { token: 5, filterAutoSave: "no", includeM2M: true, lang: "fr" },
      }),
    );
    expect(s.token).toBeNull();
    expect(s.filterAutoSave).toBe(true);
    expect(s.includeM2M).toBe(true);
    expect(s.lang).toBe("fr");
  });

  it("forces dark mode off", () => {
    const text = JSON.stringify({ version: SETTINGS_VERSION, settings: { darkMode: true } });
    expect(parseSettings(text).darkMode).toBe(false);
    const store = createSettingsStore(memoryStorage());
    store.update({ darkMode: true as unknown as false });
    expect(store.get().darkMode).toBe(false);
    expect(
      JSON.parse(serialiseSettings({ ...defaultSettings(), darkMode: true as unknown as false })).settings.darkMode,
    ).toBe(false);
  });

  it("tolerates a storage that throws", () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => undefined,
    };
    const store = createSettingsStore(broken);
    expect(store.get()).toEqual(defaultSettings());
    expect(store.update({ token: "t" }).token).toBe("t");
  });

  it("notifies subscribers and reloads from storage", () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    const seen: (string | null)[] = [];
    const stop = store.subscribe((s) => seen.push(s.token));
    store.update({ token: "a" });
    storage.setItem(SETTINGS_KEY, serialiseSettings({ ...defaultSettings(), token: "b" }));
    store.reload();
    stop();
    store.update({ token: "c" });
    expect(seen).toEqual(["a", "b"]);
  });
});
