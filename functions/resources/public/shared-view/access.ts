import { verifyPassword } from "../../../../db/auth/password";
import { VIEW_TYPE_NAME, type ViewKind } from "../../../../db/views/types";
import { HttpError, notFound } from "../../../lib/http-error";
import type { ProjectRow } from "../../../lib/projects";
import { assertUnderLimit, clientAddress, countAttempt } from "../../../lib/rate-limit";
import { projectRoom, unwrap } from "../../../lib/room";
import { isExpired, rulesOf } from "../../../lib/share-rules";
import { shareOfUuid, type ShareRow } from "../../../lib/shared-views";
import type { Ctx } from "../../data/context";

export type ViewItem = {
  id: string;
  fk_model_id: string;
  type: number;
  meta: Record<string, unknown>;
  view?: unknown;
} & Record<string, unknown>;

export interface Shared {
  share: ShareRow;
  view: ViewItem;
  kind: ViewKind;
  projectId: string;
  tableId: string;
}

/** Wrong share passwords allowed per share and client address in a minute. */
export const PASSWORD_ATTEMPTS_PER_MINUTE = 10;

const invalidPassword = () => new HttpError(403, "INVALID_SHARED_VIEW_PASSWORD");

/** An expired link answers 410 Gone with this `msg` on every public route (the visitor page shows "link expired"). */
export const SHARE_EXPIRED = "SHARED_VIEW_EXPIRED";

/**
 * Checks `xc-password` against the share's hash in constant time (PBKDF2, db/auth/password.ts).
 * Wrong guesses count per share and address (CF-Connecting-IP; local mode has no trustworthy
 * address, so there they count per share); past the limit every guess is 429, right or wrong.
 */
async function checkPassword(c: Ctx, share: ShareRow) {
  if (!share.password_hash) return;
  const key = `share-password:${share.uuid}|${clientAddress(c) ?? "local"}`;
  const given = c.req.header("xc-password") ?? "";
  await assertUnderLimit(c, [key]);
  if (given && (await verifyPassword(given, share.password_hash))) return;
  const [count] = await countAttempt(c, [key]);
  if ((count ?? 0) > PASSWORD_ATTEMPTS_PER_MINUTE)
    throw new HttpError(429, "Too many wrong passwords, please try again in a minute");
  throw invalidPassword();
}

/**
 * The shared view of `:uuid`, for a caller allowed in: 404 `Not found` for an unknown or unshared
 * uuid, a deleted project or view, or a view type the route does not serve; 410
 * `SHARED_VIEW_EXPIRED` once the share's expiry time has passed; 403 for a wrong password. Sets `project`, so signed links and stored files name the right project.
 */
export async function openShared(c: Ctx, allowed: readonly ViewKind[] | "all"): Promise<Shared> {
  const uuid = c.req.param("uuid") ?? "";
  const share = uuid ? await shareOfUuid(c.env.META, uuid) : null;
  if (!share) throw notFound();
  // Before the password: an expired link tells nothing more, whoever asks.
  if (isExpired(rulesOf(share.meta))) throw new HttpError(410, SHARE_EXPIRED);
  const project = await c.env.META.prepare("SELECT * FROM projects WHERE id = ? AND deleted = 0")
    .bind(share.project_id)
    .first<ProjectRow>();
  if (!project) throw notFound();
  c.set("project", project);
  const views = await unwrap(
    projectRoom(c.env, project.id).views({ op: "listViews", projectId: project.id, tableId: share.table_id }),
  ).catch(() => [] as unknown[]);
  const view = (views as ViewItem[]).find((v) => v.id === share.view_id);
  const kind = view ? VIEW_TYPE_NAME[view.type] : undefined;
  if (!view || !kind || (allowed !== "all" && !allowed.includes(kind))) throw notFound();
  await checkPassword(c, share);
  return { share, view, kind, projectId: project.id, tableId: share.table_id };
}

export const ROW_KINDS = ["grid", "gallery", "kanban", "calendar", "timeline"] as const satisfies readonly ViewKind[];
