/**
 * A refusal the API reports as `{ msg }` with this status: bad input (400), something missing
 * (404). Thrown by the core, turned into HTTP by the Worker.
 */
export class DbError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 501,
    message: string,
  ) {
    super(message);
  }
}

export const bad = (msg: string) => new DbError(400, msg);
export const missing = (msg: string) => new DbError(404, msg);
export const refused = (msg: string) => new DbError(403, msg);
export const unsupported = (msg: string) => new DbError(501, msg);
