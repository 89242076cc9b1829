/** Test helper: an unsigned JWT-shaped token with the given claims (the browser never verifies). */
function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

/** A token for user us_1 expiring `secondsLeft` after `nowMs`. */
export function tokenExpiringIn(secondsLeft: number, nowMs = Date.now(), extra: Record<string, unknown> = {}): string {
  const now = Math.floor(nowMs / 1000);
  return makeToken({
    id: "us_1",
    email: "ada@example.com",
    firstname: "Ada",
    lastname: "Lovelace",
    roles: "org-level-creator,super",
    token_version: "v1",
    iat: now,
    exp: now + secondsLeft,
    ...extra,
  });
}
