import type { Context } from "hono";
import type { Actor } from "../../../db/rows/audit";
import type { ChangeAnswer, ReadAnswer } from "../../../db/data/answers";
import type { ChangeOp, DataCall, ReadOp, ReadRequest, RowChange } from "../../../db/data/requests";
import type { RoomResult } from "../../../realtime/room-result";
import { gatedRoom, projectRoom, type RoomClient } from "../../lib/room";
import { checkProjectAccess } from "../../middleware/acl";
import { readerOf, type Reader } from "../../../db/access/rules";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

/** The project room's data entry points (db/data/requests.ts), each answer typed by its request's op. */
export interface DataPort {
  read<K extends ReadOp>(req: Extract<ReadRequest, { op: K }>): Promise<RoomResult<ReadAnswer<K>>>;
  write<K extends ChangeOp>(change: Extract<RowChange, { op: K }>, actor: Actor): Promise<RoomResult<ChangeAnswer<K>>>;
}

/** The project room of the request, for calls other than row data (comments: contract 4.9). */
export function room(c: Ctx): RoomClient {
  return projectRoom(c.env, c.get("project").id);
}

/**
 * The rows of the request's project. Behind needInRoom the access check travels with the request
 * (one hop; the room checks the action its op needs); should the room not settle it, the full
 * check runs and the request goes out narrowed to the caller's role (shared bases, API tokens).
 */
export function data(c: Ctx): DataPort {
  const claims = c.get("gate");
  const reader = () => {
    const user = c.get("user");
    return readerOf(c.get("roles") ?? {}, user?.id, user?.email);
  };
  if (!claims) return dataAs(c, c.get("project").id, reader);
  const send = async (call: DataCall): Promise<RoomResult<unknown>> => {
    // Whatever the room answers, access has been settled for this request.
    c.set("gate", undefined);
    const res = await gatedRoom(c.env, claims.projectId).gated(claims, call);
    if (res.ok || !("fallback" in res)) return res;
    c.set("user", undefined);
    await checkProjectAccess(c, claims.action);
    const room = projectRoom(c.env, c.get("project").id);
    return "read" in call ? room.read(call.read, reader()) : room.write(call.write, call.actor, reader());
  };
  return typed(
    (req) => send({ read: req }),
    (change, actor) => send({ write: change, actor }),
  );
}

/** The rows of a project read and written as `reader` (db/access), access settled by the caller. */
export function dataAs(c: Ctx, projectId: string, reader: () => Reader | null): DataPort {
  const room = projectRoom(c.env, projectId);
  return typed(
    (req) => room.read(req, reader()),
    (change, actor) => room.write(change, actor, reader()),
  );
}

/** The room answers each request's shape (db/data/answers.ts); RPC sees one `unknown` answer. */
function typed(
  read: (req: ReadRequest) => Promise<RoomResult<unknown>>,
  write: (change: RowChange, actor: Actor) => Promise<RoomResult<unknown>>,
): DataPort {
  return { read, write } as DataPort;
}

/** Who writes: the session user, or a shared-base editor visiting without an account. */
export function actorOf(c: Ctx): Actor {
  const user = c.get("user");
  if (!user) return { id: "", email: "shared base visitor" };
  // The name "Created by" / "Last modified by" cells show (db/rows/row-users.ts).
  const name = [user.firstname, user.lastname]
    .filter((part) => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return name ? { id: user.id, email: user.email, name } : { id: user.id, email: user.email };
}
