import { useSyncExternalStore } from "react";
import { settings, type LocalSettings } from "../../../lib/settings";

/** The local settings (SPEC 3), re-rendering when they change. */
export function useLocalSettings(): LocalSettings {
  return useSyncExternalStore(settings.subscribe, settings.get);
}
