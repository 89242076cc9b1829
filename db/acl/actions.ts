/**
 * What a route requires: `public` needs no identity, `signedIn` any signed-in user.
 * Project-scoped actions join this union with the role matrix.
 */
export type Access = "public" | "signedIn";
