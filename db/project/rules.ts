/** Project name and theme rules (SPEC 3 Theme, SPEC 5), shared by the API and the web forms. */

export const PROJECT_TITLE_MAX = 50;

export const DEFAULT_THEME = { primaryColor: "#4169E1", accentColor: "#FF69B4" } as const;

export type ProjectTitleProblem = "required" | "tooLong" | "startsWithSpace";

/** The first rule a title breaks, or null. Message keys: msg.error.projectName* in locales. */
export function projectTitleProblem(title: string): ProjectTitleProblem | null {
  if (title.trim() === "") return "required";
  if (title.length > PROJECT_TITLE_MAX) return "tooLong";
  if (title.startsWith(" ")) return "startsWithSpace";
  return null;
}

export const PROJECT_TITLE_MESSAGES: Record<ProjectTitleProblem, string> = {
  required: "Project title is required",
  tooLong: `Project title exceeds ${PROJECT_TITLE_MAX} characters`,
  startsWithSpace: "Project title cannot start with a space",
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Hex colours of 3, 4, 6 or 8 digits (SPEC 5). */
export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX.test(value);
}

/** A project's theme from its meta (object or JSON string); any invalid colour falls back to the default theme. */
export function resolveTheme(meta: unknown): { primaryColor: string; accentColor: string } {
  let parsed = meta;
  if (typeof meta === "string") {
    try {
      parsed = JSON.parse(meta);
    } catch {
      parsed = null;
    }
  }
  const theme = (parsed as { theme?: { primaryColor?: unknown; accentColor?: unknown } } | null)?.theme;
  if (!theme || !isHexColor(theme.primaryColor) || !isHexColor(theme.accentColor)) return { ...DEFAULT_THEME };
  return { primaryColor: theme.primaryColor, accentColor: theme.accentColor };
}
