/**
 * Local settings (SPEC 3) kept under ONE versioned browser-storage key (SPEC 9).
 *
 * Rules: a missing, unreadable or differently-versioned record resets everything to the defaults;
 * a field of the wrong type falls back to its own default; darkMode is always forced off.
 */

export const SETTINGS_KEY = "gridbase:settings:v1";
export const SETTINGS_VERSION = 1;

/** Feedback form block, polled at most once a day (SPEC 4). */
export interface FeedbackFormSettings {
  url: string | null;
  lastFormPollDate: string | null;
  createdAt: string | null;
  isHidden: boolean;
}

export interface LocalSettings {
  token: string | null;
  lang: string | null;
  darkMode: false;
  feedbackForm: FeedbackFormSettings;
  filterAutoSave: boolean;
  previewAs: string | null;
  includeM2M: boolean;
  currentVersion: string | null;
  latestRelease: string | null;
  hiddenRelease: string | null;
}

interface StoredRecord {
  version: number;
  settings: Partial<LocalSettings>;
}

/** The part of the Web Storage API we use, so tests can pass a plain map. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function defaultSettings(): LocalSettings {
  return {
    token: null,
    lang: null,
    darkMode: false,
    feedbackForm: { url: null, lastFormPollDate: null, createdAt: null, isHidden: false },
    filterAutoSave: true,
    previewAs: null,
    includeM2M: false,
    currentVersion: null,
    latestRelease: null,
    hiddenRelease: null,
  };
}

const str = (v: unknown, fallback: string | null): string | null =>
  typeof v === "string" && v !== "" ? v : v === null ? null : fallback;
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);

function normaliseFeedback(v: unknown): FeedbackFormSettings {
  const d = defaultSettings().feedbackForm;
  if (!v || typeof v !== "object") return d;
  const f = v as Record<string, unknown>;
  return {
    url: str(f.url, d.url),
    lastFormPollDate: str(f.lastFormPollDate, d.lastFormPollDate),
    createdAt: str(f.createdAt, d.createdAt),
    isHidden: bool(f.isHidden, d.isHidden),
  };
}

/** Coerces a partially valid record into full settings, field by field. */
export function normaliseSettings(raw: Partial<Record<keyof LocalSettings, unknown>>): LocalSettings {
  const d = defaultSettings();
  return {
    token: str(raw.token, d.token),
    lang: str(raw.lang, d.lang),
    darkMode: false,
    feedbackForm: normaliseFeedback(raw.feedbackForm),
    filterAutoSave: bool(raw.filterAutoSave, d.filterAutoSave),
    previewAs: str(raw.previewAs, d.previewAs),
    includeM2M: bool(raw.includeM2M, d.includeM2M),
    currentVersion: str(raw.currentVersion, d.currentVersion),
    latestRelease: str(raw.latestRelease, d.latestRelease),
    hiddenRelease: str(raw.hiddenRelease, d.hiddenRelease),
  };
}

/** Parses the stored text; anything but a record of the current version gives the defaults. */
export function parseSettings(text: string | null): LocalSettings {
  if (!text) return defaultSettings();
  try {
    const record = JSON.parse(text) as StoredRecord | null;
    if (!record || typeof record !== "object" || record.version !== SETTINGS_VERSION) return defaultSettings();
    if (!record.settings || typeof record.settings !== "object") return defaultSettings();
    return normaliseSettings(record.settings);
  } catch {
    return defaultSettings();
  }
}

export function serialiseSettings(settings: LocalSettings): string {
  const record: StoredRecord = { version: SETTINGS_VERSION, settings: { ...settings, darkMode: false } };
  return JSON.stringify(record);
}

export interface SettingsStore {
  get(): LocalSettings;
  update(patch: Partial<LocalSettings>): LocalSettings;
  /** Re-reads the storage (another tab changed it). */
  reload(): LocalSettings;
  subscribe(listener: (s: LocalSettings) => void): () => void;
}

/** A settings store over the given storage; a storage that throws (private mode) is tolerated. */
export function createSettingsStore(storage: KeyValueStorage | null): SettingsStore {
  const read = (): LocalSettings => {
    try {
      return parseSettings(storage?.getItem(SETTINGS_KEY) ?? null);
    } catch {
      return defaultSettings();
    }
  };
  let current = read();
  const listeners = new Set<(s: LocalSettings) => void>();
  const emit = () => listeners.forEach((l) => l(current));
  return {
    get: () => current,
    update(patch) {
      current = normaliseSettings({ ...current, ...patch });
      try {
        storage?.setItem(SETTINGS_KEY, serialiseSettings(current));
      } catch {
        // Storage full or disabled: keep the in-memory value for this page.
      }
      emit();
      return current;
    },
    reload() {
      current = read();
      emit();
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's settings, persisted in localStorage. */
export const settings = createSettingsStore(browserStorage());
