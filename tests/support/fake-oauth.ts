import { createServer, type Server } from "node:http";

/**
 * A local stand-in for Google's and GitHub's OAuth endpoints, speaking their protocol on loopback:
 * authorization redirects back with a code, the token endpoint trades a code for an access token,
 * and the user endpoints describe the account. Codes are `ok-<email>` (valid) or anything else
 * (refused with `invalid_grant`). `/mail/send` plays an HTTP e-mail API (key `mail-key`) and
 * `/mail/last` shows what it received. `/hook/<name>` is a webhook receiver: it records every
 * request (`GET /hook-log/<name>` lists them), answers 500 for names starting `fail`, and for
 * `flaky<N>-…` fails the first N requests, then answers 200.
 */
export async function startFakeOAuth(port: number): Promise<Server> {
  let lastMail: unknown = null;
  const hookLog = new Map<
    string,
    Array<{ method: string; headers: Record<string, unknown>; body: string; at: number }>
  >();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const [, provider, ...rest] = url.pathname.split("/");
      const endpoint = rest.join("/");
      // A stand-in HTTP e-mail provider too: it keeps the last message (and its auth header).
      if (provider === "mail" && endpoint === "send" && req.method === "POST") {
        if (req.headers.authorization !== "Bearer mail-key") return json(401, { error: "bad key" });
        lastMail = { authorization: req.headers.authorization, ...JSON.parse(body) };
        return json(200, { id: "m1" });
      }
      if (provider === "mail" && endpoint === "last") return json(200, lastMail);
      if (provider === "hook-log") return json(200, hookLog.get(endpoint) ?? []);
      if (provider === "hook") {
        const seen = [
          ...(hookLog.get(endpoint) ?? []),
          { method: req.method ?? "", headers: req.headers, body, at: Date.now() },
        ];
        hookLog.set(endpoint, seen);
        const flaky = /^flaky(\d+)-/.exec(endpoint);
        if (endpoint.startsWith("fail") || (flaky && seen.length <= Number(flaky[1])))
          return json(500, { error: "receiver failed" });
        return json(200, { received: seen.length });
      }
      if (endpoint === "auth") {
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("code", `ok-${url.searchParams.get("login_hint") ?? "oauth.user@example.com"}`);
        if (provider === "google") back.searchParams.set("scope", "email profile openid");
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (endpoint === "token" && req.method === "POST") {
        const form = new URLSearchParams(body.startsWith("{") ? Object.entries(JSON.parse(body)) : body);
        const code = form.get("code") ?? "";
        if (form.get("client_secret") !== `${provider}-secret` || !code.startsWith("ok-")) {
          return json(400, { error: "invalid_grant", error_description: "Bad verification code" });
        }
        return json(200, { access_token: `at-${code.slice(3)}`, token_type: "bearer" });
      }
      const email = (req.headers.authorization ?? "").replace(/^(Bearer|token) at-/i, "");
      if (!email.includes("@")) return json(401, { error: "invalid_token" });
      if (provider === "google" && endpoint === "userinfo") {
        return json(200, { sub: `g-${email}`, email, email_verified: true, given_name: "Oauth", family_name: "User" });
      }
      if (provider === "github" && endpoint === "api/user") {
        return json(200, { id: 42, login: email.split("@")[0], name: "Oauth User", email: null });
      }
      if (provider === "github" && endpoint === "api/user/emails") {
        return json(200, [{ email, primary: true, verified: true }]);
      }
      json(404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
