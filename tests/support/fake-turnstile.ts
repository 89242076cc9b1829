import { createServer, type Server } from "node:http";

/** The secret key the stand-in accepts, and the widget answer it passes; anything else fails. */
export const FAKE_TURNSTILE_SECRET = "fake-turnstile-secret";
export const FAKE_TURNSTILE_PASS = "fake-turnstile-pass";

/**
 * A loopback stand-in for Cloudflare Turnstile's siteverify endpoint, speaking its protocol: a POST
 * of `secret` and `response` (form-encoded or JSON) answered with `{success, error-codes}`; a
 * response token is good once (Cloudflare refuses a replayed one with `timeout-or-duplicate`).
 * `GET /last` shows the fields of the last verify request, so tests can see what the Worker sent.
 */
export async function startFakeTurnstile(port: number): Promise<Server> {
  const used = new Set<string>();
  let last: Record<string, string> | null = null;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "GET" && req.url === "/last") return json(200, last);
      if (req.method !== "POST" || !req.url?.startsWith("/turnstile/v0/siteverify"))
        return json(404, { error: "not found" });
      const fields = (req.headers["content-type"] ?? "").includes("json")
        ? (JSON.parse(body || "{}") as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      last = fields;
      const errors: string[] = [];
      if (!fields.secret) errors.push("missing-input-secret");
      else if (fields.secret !== FAKE_TURNSTILE_SECRET) errors.push("invalid-input-secret");
      if (!fields.response) errors.push("missing-input-response");
      else if (used.has(fields.response)) errors.push("timeout-or-duplicate");
      else if (!fields.response.startsWith(FAKE_TURNSTILE_PASS)) errors.push("invalid-input-response");
      if (!errors.length) used.add(fields.response!);
      return json(
        200,
        errors.length
          ? { success: false, "error-codes": errors, messages: [] }
          : {
              success: true,
              "error-codes": [],
              challenge_ts: new Date().toISOString(),
              hostname: "localhost",
              action: "",
              cdata: "",
            },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
