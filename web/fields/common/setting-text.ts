/** A setting as the field editor holds it: its text, or "" when unset or not text. */
export const settingText = (v: unknown): string => (typeof v === "string" ? v : "");
