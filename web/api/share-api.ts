/** Sharing views (API-CONTRACT 4.5). The password is sent, never read back. */
import { api } from "../lib/api";
import type { View } from "./view-types";

const meta = "/api/v1/db/meta";
const enc = encodeURIComponent;

export interface ShareOptions {
  allowCSVDownload?: boolean;
  surveyMode?: boolean;
  rtl?: boolean;
  withTheme?: boolean;
  theme?: { primaryColor?: string; accentColor?: string } | null;
  /** Issue 22: expiry (ISO), embedding, who may submit a form, the spam check's minimum fill time. */
  expiresAt?: string | null;
  allowEmbed?: boolean;
  embedOrigins?: string[];
  submitAccess?: "anyone" | "signedIn" | "members";
  minFillSeconds?: number;
}

export type SharedView = View & {
  uuid: string | null;
  password_protected?: boolean;
  meta: ShareOptions & Record<string, unknown>;
};

export const shareApi = {
  share: (viewId: string) => api.post<SharedView>(`${meta}/views/${enc(viewId)}/share`),
  update: (viewId: string, body: { password?: string | null; meta?: ShareOptions }) =>
    api.patch<SharedView>(`${meta}/views/${enc(viewId)}/share`, body),
  unshare: (viewId: string) => api.del<boolean>(`${meta}/views/${enc(viewId)}/share`),
  list: async (tableId: string) => {
    const answer = await api.get<{ list: SharedView[] } | SharedView[]>(`${meta}/tables/${enc(tableId)}/share`);
    return Array.isArray(answer) ? answer : answer.list;
  },
};

/** The visitor's address of a shared view: forms under /form, the others by type (SPEC 2). */
export function sharedLink(v: { type: number; uuid: string | null }, projectType = "nc"): string {
  const kind = v.type === 1 ? "form" : v.type === 2 ? "gallery" : v.type === 4 ? "kanban" : "view";
  return `${location.origin}/${projectType}/${kind}/${v.uuid}`;
}
