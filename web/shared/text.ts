import { msg, sharedView } from "../../locales/en.json";

/**
 * The visitor's texts: the keys of locales/en.json under `sharedView` and `msg`, read with the
 * app's `{{name}}` placeholders. Only these two parts of the locale enter the small bundle.
 */
const roots: Record<string, unknown> = { sharedView, msg };

export function t(key: string, values: Record<string, string | number> = {}): string {
  const found = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), roots);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
