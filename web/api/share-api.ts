/** Sharing views (API-CONTRACT 4.5). The password is sent, never read back. */
import type { z } from "zod";
import type { ShareMeta, updateShareInput } from "@gridbase/worker/resources/share/options";
import type { Answer } from "./app-types";
import type { View } from "./view-types";
import { wire } from "./wire";

const share = "/api/v1/db/meta/views/:viewId/share";

/** The options a builder sets (functions/resources/share/options.ts). */
export type ShareOptions = ShareMeta;

/** A shared view as the share routes answer it, with the view's fields the dialogs show. */
export type SharedView = View & Answer<typeof share, "$post"> & { meta: ShareOptions };

export const shareApi = {
  share: (viewId: string) => wire.post(share, { viewId }),
  update: (viewId: string, body: z.input<typeof updateShareInput>) => wire.patch(share, { viewId }, body),
  unshare: (viewId: string) => wire.del(share, { viewId }),
  list: async (tableId: string) => (await wire.get("/api/v1/db/meta/tables/:tableId/share", { tableId })).list,
};

/** The visitor's address of a shared view: forms under /form, the others by type (SPEC 2). */
export function sharedLink(v: { type: number; uuid: string | null }, projectType = "nc"): string {
  const kind = v.type === 1 ? "form" : v.type === 2 ? "gallery" : v.type === 4 ? "kanban" : "view";
  return `${location.origin}/${projectType}/${kind}/${v.uuid}`;
}
