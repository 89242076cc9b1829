import type { z } from "zod";
import type { RoomResult } from "./room-result";

/** One handler per op of a request union, each given the request of its op. */
export type Handlers<Room, Req extends { op: string }> = {
  [K in Req["op"]]: (room: Room, req: Extract<Req, { op: K }>) => RoomResult<unknown> | Promise<RoomResult<unknown>>;
};

/** What each op answers, read off its handler: the Worker's types follow the op (functions/lib/room.ts). */
export type Answers<H> = {
  [K in keyof H]: H[K] extends (...a: never[]) => infer A ? Awaited<A> : never;
};

/**
 * A room entry point's request (a zod union on `op`, in db/) checked at the RPC boundary and
 * handed to its op's handler. A request that is not one is refused, never run.
 */
export async function dispatch<Room, Req extends { op: string }, H extends Handlers<Room, Req>, R extends Req>(
  request: z.ZodType<Req>,
  handlers: H,
  room: Room,
  req: R,
): Promise<Answers<H>[R["op"]]> {
  const parsed = request.safeParse(req);
  if (!parsed.success) {
    const refusal: RoomResult<never> = { ok: false, status: 400, msg: `Not a room request: ${parsed.error.message}` };
    return refusal as Answers<H>[R["op"]];
  }
  // Each handler takes its own op's request (Handlers), and the parsed request is of that op:
  // the one place its type is asserted rather than inferred.
  const handler = handlers[parsed.data.op as R["op"]] as unknown as (room: Room, req: Req) => Answers<H>[R["op"]];
  return handler(room, parsed.data);
}
