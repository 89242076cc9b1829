import type { Action } from "./matrix";

/**
 * What a route requires: `public` needs no identity, `signedIn` any signed-in user, and a named
 * action is checked against the role matrix (matrix.ts).
 */
export type Access = "public" | "signedIn" | Action;
