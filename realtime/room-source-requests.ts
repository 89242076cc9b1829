import { sourceRequest, type SourceRequest } from "../db/external/source-requests";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import type { RoomSource } from "./room-external";

/** The room's requests about its external database (db/external/source-requests.ts) to RoomSource. */
const handlers = {
  attachSource: (s, q) => s.attach(q.projectId, q.input),
  reconnectSource: (s, q) => s.reconnect(q.config),
  metaDiff: (s) => s.metaDiff(),
  metaSync: (s) => s.metaSync(),
} satisfies Handlers<RoomSource, SourceRequest>;

/** What each source request answers (functions/lib/room.ts types the Worker's calls with it). */
export type SourceAnswers = Answers<typeof handlers>;

export function sourceRequestIn<R extends SourceRequest>(source: RoomSource, req: R) {
  return dispatch(sourceRequest, handlers, source, req);
}
