import { useTranslation } from "react-i18next";
import type { CellProps } from "../types";

/** A "Created by" / "Last modified by" value as the API sends it: `{id, email, display_name}`. */
export interface CellUser {
  id: string;
  email?: string;
  display_name?: string | null;
}

export function asCellUser(value: unknown): CellUser | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== "string") return null;
  return {
    id: v.id,
    email: typeof v.email === "string" ? v.email : undefined,
    display_name: typeof v.display_name === "string" ? v.display_name : null,
  };
}

/** The name a person is shown by: their display name, else their e-mail; null when neither is known. */
export const userLabel = (user: CellUser): string | null => user.display_name?.trim() || user.email || null;

/** A person: a round initial (the avatar) and their name; the e-mail as the tooltip. Read-only. */
export function UserCell({ value }: CellProps) {
  const { t } = useTranslation();
  const user = asCellUser(value);
  if (!user) return null;
  const label = userLabel(user) ?? t("fields.user.unknown");
  return (
    <span
      className="flex min-w-0 items-center gap-1.5 text-sm text-gray-800"
      title={user.email ?? label}
      data-user-id={user.id}
    >
      <span
        aria-hidden="true"
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-[11px] font-semibold uppercase text-indigo-700"
      >
        {label.slice(0, 1)}
      </span>
      <span className="min-w-0 truncate">{label}</span>
    </span>
  );
}
