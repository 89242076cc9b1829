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

/**
 * A body parsed by its schema, or a 400 naming the first issue's place (`rules.0.colour: ...`),
 * `what` when the issue is the whole body.
 */
export function parsedOr400<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  what: string,
): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw bad(`${issue?.path.length ? issue.path.map(String).join(".") : what}: ${issue?.message ?? "invalid"}`);
}
