import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../functions/app";
import { totpAt } from "../../db/auth/totp";
import {
  call,
  claimsOf,
  GOOD_PASSWORD,
  probeSignedIn,
  signIn,
  signUp,
  signUpOwner,
  uniqueIp,
  type Session,
} from "./auth-support";
import { SoftAuthenticator, type CeremonyOptions } from "./soft-authenticator";
import { seedUser } from "./support";

/**
 * Passkeys (issue 41): registration and sign-in run end to end with a software ES256
 * authenticator, so the server's WebAuthn verification is exercised in workerd. Also: a challenge
 * works once, a foreign credential or origin is refused, a copied key (old counter) is refused,
 * one user cannot delete another's passkey, and a two-factor user may answer with a passkey.
 */
async function addPasskey(s: Session, name = "Laptop") {
  const key = new SoftAuthenticator();
  const options = await call("POST", "/api/v1/auth/passkeys/register/options", { token: s.token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const response = await key.register(options.body as unknown as CeremonyOptions);
  const added = await call("POST", "/api/v1/auth/passkeys/register/verify", {
    token: s.token,
    body: { response, name },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { key, id: String(added.body.id) };
}

/** Turns two-factor sign-in on for the user with a code computed from the set-up's secret. */
async function turnOnTwoFactor(s: Session): Promise<string> {
  const setup = await call("POST", "/api/v1/auth/2fa/setup", { token: s.token });
  const secret = String(setup.body.secret);
  const on = await call("POST", "/api/v1/auth/2fa/enable", {
    token: s.token,
    body: { code: await totpAt(secret, Date.now()) },
  });
  expect(on.status).toBe(200);
  return secret;
}

/** The security log's kinds and details for one e-mail, oldest first. */
async function logOf(email: string) {
  const { results } = await env.META.prepare("SELECT kind, detail FROM security_events WHERE email = ? ORDER BY id")
    .bind(email)
    .all<{ kind: string; detail: string | null }>();
  return results.map((r) => ({ kind: r.kind, detail: r.detail ? (JSON.parse(r.detail) as unknown) : null }));
}

const signinOptions = async () =>
  (await call("POST", "/api/v1/auth/passkeys/signin/options")).body as unknown as CeremonyOptions;
const signinVerify = (response: unknown) => call("POST", "/api/v1/auth/passkeys/signin/verify", { body: { response } });

describe("passkeys", () => {
  it("offers options for a discoverable, user-verified key on this site", async () => {
    const s = await signUp();
    const reg = await call("POST", "/api/v1/auth/passkeys/register/options", { token: s.token });
    expect(reg.body).toMatchObject({
      rp: { name: "Gridbase", id: "localhost" },
      user: { name: s.email },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    expect(String(reg.body.challenge)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const signin = await call("POST", "/api/v1/auth/passkeys/signin/options");
    expect(signin.status).toBe(200);
    expect(signin.body).toMatchObject({ rpId: "localhost", userVerification: "required", allowCredentials: [] });
    // Each call stores a challenge: an address asking again and again (as deployed, where the
    // platform gives the address) is refused for the minute.
    const deployed = { ...env, MODE: "" };
    const ip = uniqueIp();
    const atEdge = () =>
      call("POST", "/api/v1/auth/passkeys/signin/options", {
        ip,
        fetcher: (req) => Promise.resolve(app.fetch(req, deployed)),
      });
    for (let i = 0; i < 10; i++) expect((await atEdge()).status).toBe(200);
    expect((await atEdge()).status).toBe(429);
    // Registration is for signed-in users only.
    expect((await call("POST", "/api/v1/auth/passkeys/register/options")).status).toBe(401);
  });

  it("registers a passkey, lists it, and signs in with it without an e-mail", async () => {
    const s = await signUp();
    const { key, id } = await addPasskey(s, "Work laptop");
    const list = await call("GET", "/api/v1/auth/passkeys", { token: s.token });
    expect(list.body.list).toEqual([{ id, name: "Work laptop", created_at: expect.any(String), last_used_at: null }]);

    const ok = await signinVerify(await key.assert(await signinOptions()));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(claimsOf(String(ok.body.token))).toMatchObject({ email: s.email });
    expect(ok.cookies.refresh_token).toBeTruthy();
    expect(await probeSignedIn(String(ok.body.token))).not.toBe(401);
    const after = await call("GET", "/api/v1/auth/passkeys", { token: s.token });
    expect((after.body.list as { last_used_at: string | null }[])[0]!.last_used_at).toEqual(expect.any(String));
    expect((await logOf(s.email)).at(-1)).toEqual({
      kind: "signin.success",
      detail: { method: "passkey", passkey: "Work laptop" },
    });
  });

  it("refuses a replayed challenge, a made-up challenge and another origin", async () => {
    const s = await signUp();
    const { key } = await addPasskey(s);
    const options = await signinOptions();
    const first = await key.assert(options);
    expect((await signinVerify(first)).status).toBe(200);
    // The same response again (its challenge is spent), and a fresh signature over the spent challenge.
    expect((await signinVerify(first)).status).toBe(400);
    expect((await signinVerify(await key.assert(options))).status).toBe(400);
    const madeUp = await key.assert({ challenge: "bm90LWEtc2VydmVyLWNoYWxsZW5nZQ", rpId: "localhost" });
    expect((await signinVerify(madeUp)).status).toBe(400);
    const phishing = await key.assert(await signinOptions(), { origin: "https://evil.example" });
    const refused = await signinVerify(phishing);
    expect(refused.status).toBe(400);
    expect(refused.body.token).toBeUndefined();
  });

  it("refuses a registration made for a spent challenge", async () => {
    const s = await signUp();
    const options = (await call("POST", "/api/v1/auth/passkeys/register/options", { token: s.token }))
      .body as unknown as CeremonyOptions;
    const response = await new SoftAuthenticator().register(options);
    const body = { response, name: "Key" };
    expect((await call("POST", "/api/v1/auth/passkeys/register/verify", { token: s.token, body })).status).toBe(200);
    const again = await call("POST", "/api/v1/auth/passkeys/register/verify", { token: s.token, body });
    expect(again.status).toBe(400);
    // Another user cannot register with a challenge made for the first.
    const other = await signUp();
    const options2 = (await call("POST", "/api/v1/auth/passkeys/register/options", { token: s.token }))
      .body as unknown as CeremonyOptions;
    const stolen = { response: await new SoftAuthenticator().register(options2), name: "Key" };
    expect(
      (await call("POST", "/api/v1/auth/passkeys/register/verify", { token: other.token, body: stolen })).status,
    ).toBe(400);
  });

  it("refuses a credential it does not know, a malformed response, and a copied key's old counter", async () => {
    const s = await signUp();
    const { key } = await addPasskey(s);
    const stranger = new SoftAuthenticator();
    await stranger.register({ challenge: "x", rp: { id: "localhost" }, user: { id: "dXNfeA" } });
    const unknown = await signinVerify(await stranger.assert(await signinOptions()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/not registered/);
    expect((await signinVerify({ id: "abc" })).status).toBe(400);
    expect((await signinVerify("nonsense")).status).toBe(400);
    // The key's own id with another user's handle (or a garbled one) is refused before any signature check.
    for (const userHandle of ["dXNfb3RoZXI", "!!!"]) {
      const assertion = await key.assert(await signinOptions());
      const forged = { ...assertion, response: { ...assertion.response, userHandle } };
      expect((await signinVerify(forged)).status).toBe(400);
    }

    expect((await signinVerify(await key.assert(await signinOptions(), { counter: 5 }))).status).toBe(200);
    const clone = await signinVerify(await key.assert(await signinOptions(), { counter: 3 }));
    expect(clone.status).toBe(400);
    expect(clone.body.msg).toMatch(/copied/);
  });

  it("removes a passkey of one's own only; a removed passkey no longer signs in", async () => {
    const s = await signUp();
    const other = await signUp();
    const { key, id } = await addPasskey(s);
    const foreign = await call("DELETE", `/api/v1/auth/passkeys/${encodeURIComponent(id)}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(((await call("GET", "/api/v1/auth/passkeys", { token: s.token })).body.list as unknown[]).length).toBe(1);
    expect((await call("DELETE", `/api/v1/auth/passkeys/${encodeURIComponent(id)}`)).status).toBe(401);

    const gone = await call("DELETE", `/api/v1/auth/passkeys/${encodeURIComponent(id)}`, { token: s.token });
    expect(gone.status).toBe(200);
    expect((await call("GET", "/api/v1/auth/passkeys", { token: s.token })).body.list).toEqual([]);
    expect((await signinVerify(await key.assert(await signinOptions()))).status).toBe(400);
    expect((await logOf(s.email)).filter((e) => e.kind.startsWith("passkey."))).toEqual([
      { kind: "passkey.added", detail: { name: "Laptop" } },
      { kind: "passkey.removed", detail: { name: "Laptop" } },
    ]);
  });

  it("goes with the super admin's two-factor reset (the lost phone may hold it)", async () => {
    const s = await signUp();
    const { key } = await addPasskey(s);
    const root = await seedUser("org-level-creator,super");
    const reset = await call("DELETE", `/api/v1/users/${String(claimsOf(s.token).id)}/2fa`, { token: root.token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await signinVerify(await key.assert(await signinOptions()))).status).toBe(400);
    const again = await signIn(s.email, s.password);
    expect((await call("GET", "/api/v1/auth/passkeys", { token: again.token })).body.list).toEqual([]);
    expect((await logOf(s.email)).find((e) => e.kind === "two_factor.reset")?.detail).toMatchObject({
      passkeys_removed: 1,
    });
  });

  it("answers a two-factor ticket with the user's passkey instead of a code", async () => {
    const s = await signUp();
    const { key } = await addPasskey(s);
    await turnOnTwoFactor(s);
    const signin = await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } });
    expect(signin.body).toMatchObject({ "2fa_required": true, passkey: true });
    const ticket = String(signin.body.ticket);

    const options = await call("POST", "/api/v1/auth/2fa/passkey/options", { body: { ticket } });
    expect(options.status).toBe(200);
    expect((options.body.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([
      (await key.assert({ challenge: "x", rpId: "localhost" })).id,
    ]);
    // Another user's passkey does not answer this ticket.
    const other = await signUp();
    const { key: otherKey } = await addPasskey(other);
    const wrong = await call("POST", "/api/v1/auth/2fa/passkey/verify", {
      body: { ticket, response: await otherKey.assert(options.body as unknown as CeremonyOptions) },
    });
    expect(wrong.status).toBe(400);

    const fresh = await call("POST", "/api/v1/auth/2fa/passkey/options", { body: { ticket } });
    const ok = await call("POST", "/api/v1/auth/2fa/passkey/verify", {
      body: { ticket, response: await key.assert(fresh.body as unknown as CeremonyOptions) },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(claimsOf(String(ok.body.token))).toMatchObject({ email: s.email });
    // A sign-in challenge does not serve a ticket, nor a ticket's challenge a sign-in.
    const crossed = await call("POST", "/api/v1/auth/2fa/passkey/verify", {
      body: { ticket, response: await key.assert(await signinOptions()) },
    });
    expect(crossed.status).toBe(400);
    expect((await call("POST", "/api/v1/auth/2fa/passkey/options", { body: { ticket: "nope" } })).status).toBe(401);
  });

  it("limits wrong passkey answers at sign-in like wrong passwords, without locking out the owner's browser", async () => {
    const { s, ownerCookie } = await signUpOwner();
    const { email } = s;
    const { key } = await addPasskey(s);
    // A stranger's wrong answers for the owner's key (signed for another site) count per user…
    const fromElsewhere = async () => key.assert(await signinOptions(), { origin: "http://evil.example" });
    for (let i = 0; i < 10; i++) expect((await signinVerify(await fromElsewhere())).status).toBe(400);
    expect((await signinVerify(await fromElsewhere())).status).toBe(429);
    // …so even a right answer is refused to them for the minute, and not used up…
    expect((await signinVerify(await key.assert(await signinOptions()))).status).toBe(429);
    // …while the owner's browser keeps its own count and signs in.
    const mine = await call("POST", "/api/v1/auth/passkeys/signin/verify", {
      body: { response: await key.assert(await signinOptions()) },
      cookie: ownerCookie,
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    // Wrong passwords and wrong passkeys are one count: the stranger's password is refused too.
    const password = await call("POST", "/api/v1/auth/user/signin", { body: { email, password: GOOD_PASSWORD } });
    expect(password.status).toBe(429);

    // As deployed, unknown keys from one address are limited as guessing across accounts.
    const deployed = { ...env, MODE: "" };
    const ip = uniqueIp();
    const stranger = new SoftAuthenticator();
    await stranger.register({ challenge: "x", rp: { id: "localhost" }, user: { id: "dXNfeA" } });
    const atEdge = async () =>
      call("POST", "/api/v1/auth/passkeys/signin/verify", {
        ip,
        body: { response: await stranger.assert(await signinOptions()) },
        fetcher: (req) => Promise.resolve(app.fetch(req, deployed)),
      });
    for (let i = 0; i < 10; i++) expect((await atEdge()).status).toBe(400);
    expect((await atEdge()).status).toBe(429);
  });

  it("limits wrong passkey answers at the two-factor step with wrong codes, the owner's browser apart", async () => {
    const { s, ownerCookie } = await signUpOwner();
    const { email } = s;
    const { key } = await addPasskey(s);
    const secret = await turnOnTwoFactor(s);
    const signin = (cookie?: string) =>
      call("POST", "/api/v1/auth/user/signin", { body: { email, password: GOOD_PASSWORD }, cookie });
    const answer = async (ticket: string, origin?: string, cookie?: string) => {
      const options = await call("POST", "/api/v1/auth/2fa/passkey/options", { body: { ticket } });
      const response = await key.assert(options.body as unknown as CeremonyOptions, { origin });
      return call("POST", "/api/v1/auth/2fa/passkey/verify", { body: { ticket, response }, cookie });
    };
    const stranger = String((await signin()).body.ticket);
    for (let i = 0; i < 10; i++) expect((await answer(stranger, "http://evil.example")).status).toBe(400);
    expect((await answer(stranger)).status).toBe(429);
    // One count with wrong codes: the right code is refused to the stranger too.
    const code = await call("POST", "/api/v1/auth/2fa/verify", {
      body: { ticket: stranger, code: await totpAt(secret, Date.now() + 30_000) },
    });
    expect(code.status).toBe(429);
    const owner = String((await signin(ownerCookie)).body.ticket);
    const mine = await answer(owner, undefined, ownerCookie);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });
});
