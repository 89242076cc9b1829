/**
 * The signed-in user as the Worker reads it from D1 (one definition: the middleware, the token
 * signer and the project lookups import it here, and the web's session user is derived from it).
 */
export interface SessionUser {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** Org roles as stored: a comma list. */
  roles: string;
  token_version: string;
}
