/**
 * The project room's socket messages (SPEC 4 real-time socket, SPEC 7 socket events): one
 * definition with the room, in db/sockets/protocol.ts. Server messages are checked for their shape
 * before use: a message that does not fit is ignored, never half-applied.
 */
export {
  parseServerMessage,
  type Actor,
  type ClientMessage,
  type DataEvent,
  type EditingCell,
  type Me,
  type PresenceUser,
  type Row,
  type RowEvent,
  type ServerMessage,
} from "../../db/sockets/protocol";
