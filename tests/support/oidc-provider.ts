import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from "./oidc-test-client";

/**
 * A real OpenID provider (the certified `oidc-provider` package) on loopback, for the SSO tests.
 * One client, `gridbase`, whose redirect URIs are the callbacks of the test servers. Any e-mail is
 * an account (sub = the e-mail), verified unless its local part starts with "unverified".
 * The login page is ours and tiny: with `login_hint` on the authorization request it signs that
 * account in at once (what the worker tests use); without, it shows an e-mail form (the e-2-e test
 * types into it). Consent is granted right after.
 */

export async function startOidcProvider(port: number, redirectUris: string[]): Promise<Server> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // The ID token carries the e-mail claims itself (the relying party reads no userinfo).
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: !sub.startsWith("unverified"),
        given_name: "Sso",
        family_name: sub.split("@")[0],
      }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // Loopback over http: cookies without the Secure flag.
    cookies: { keys: ["test-only-cookie-key"] },
  });
  provider.proxy = false;
  const callback = provider.callback();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (!url.pathname.startsWith("/interaction/")) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
        let body = "";
        for await (const chunk of req) body += String(chunk);
        const typed = new URLSearchParams(body).get("email") ?? "";
        const email = details.prompt.name === "login" ? hint || typed : String(details.session?.accountId ?? "");
        if (!email) {
          res.writeHead(200, { "content-type": "text/html" });
          res.end(`<!doctype html><title>Test OpenID provider</title><h1>Test OpenID provider</h1>
<form method="post" action="${url.pathname}"><label>E-mail <input name="email" type="email"></label>
<button type="submit">Continue</button></form>`);
          return;
        }
        const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(err));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
