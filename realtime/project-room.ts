import { Server, type Connection } from "partyserver";
import type { Env } from "../functions/env";

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 */
export class ProjectRoom extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: "welcome", room: this.name }));
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (typeof message === "string" && message === "ping") connection.send("pong");
  }

  /** Plain HTTP into the room (used by the API later); answers who it is for now. */
  onRequest(): Response {
    return Response.json({ room: this.name });
  }
}
