/** Project colours and theme (SPEC 3 Theme): the picker palette and the CSS variables Tailwind reads. */
import { DEFAULT_THEME } from "../../db/project/rules";

/** The 18 colours the project colour picker offers. */
export const PICKER_COLORS = [
  "#4169E1",
  "#2D7FF9",
  "#18BFFF",
  "#20D9D2",
  "#20C933",
  "#15803D",
  "#FCB400",
  "#FF6F2C",
  "#F82B60",
  "#FF08C2",
  "#FF69B4",
  "#8B46FF",
  "#7C3AED",
  "#0F766E",
  "#0369A1",
  "#B45309",
  "#BE123C",
  "#666666",
] as const;

export interface Theme {
  primaryColor: string;
  accentColor: string;
}

/** Sets --color-primary and --color-accent on the element (the page root by default). */
export function applyTheme(theme: Theme, el: HTMLElement = document.documentElement): void {
  el.style.setProperty("--color-primary", theme.primaryColor);
  el.style.setProperty("--color-accent", theme.accentColor);
}

/** Back to the stylesheet's default theme. */
export function clearTheme(el: HTMLElement = document.documentElement): void {
  el.style.removeProperty("--color-primary");
  el.style.removeProperty("--color-accent");
}

/** `<input type="color">` takes only #rrggbb: expand #rgb / #rgba, drop alpha. */
export function toColorInputValue(hex: string): string {
  const h = hex.replace("#", "");
  if (h.length === 3 || h.length === 4) return `#${[...h.slice(0, 3)].map((c) => c + c).join("")}`.toLowerCase();
  if (h.length === 6 || h.length === 8) return `#${h.slice(0, 6)}`.toLowerCase();
  return DEFAULT_THEME.primaryColor.toLowerCase();
}

/** Project meta as an object, whether it came as JSON text or an object. */
export function metaObject(meta: unknown): Record<string, unknown> {
  if (meta && typeof meta === "object" && !Array.isArray(meta)) return meta as Record<string, unknown>;
  if (typeof meta === "string" && meta) {
    try {
      const parsed: unknown = JSON.parse(meta);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Unreadable meta counts as empty; saving writes a valid one.
    }
  }
  return {};
}
