import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../functions/app";
import { api, seedProject, seedUser } from "./support";

/** The loopback fakes of tests/support/fake-oauth.ts: an HTTP e-mail API and webhook receivers. */
const fake = new URL(env.GOOGLE_AUTH_URL!).origin;

async function received(name: string, atLeast: number) {
  for (let i = 0; i < 150; i++) {
    const list = (await (await fetch(`${fake}/hook-log/${name}`)).json()) as Array<{ body: string }>;
    if (list.length >= atLeast) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

describe("app store (super admin)", () => {
  it("keeps e-mail settings sealed, answers them masked, and sends a test mail with them", async () => {
    const admin = await seedUser("super");
    const put = await api("PUT", "/api/v1/apps/email", {
      token: admin.token,
      body: { url: `${fake}/mail/send`, token: "mail-key", from: "Ops <ops@example.com>" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ configured: true, from: "Ops <ops@example.com>", token: "••••" });

    const list = await api("GET", "/api/v1/apps", { token: admin.token });
    expect(JSON.stringify(list.body)).not.toContain("mail-key");
    expect(JSON.stringify(list.body)).not.toContain("/mail/send");
    const stored = await env.META.prepare("SELECT config FROM integrations WHERE id = 'email'").first<{
      config: string;
    }>();
    expect(stored!.config).toMatch(/^v1\./);
    expect(stored!.config).not.toContain("mail-key");

    // Saving again without a token keeps the stored one.
    expect(
      (
        await api("PUT", "/api/v1/apps/email", {
          token: admin.token,
          body: { url: `${fake}/mail/send`, from: "Ops <ops@example.com>" },
        })
      ).status,
    ).toBe(200);
    const sent = await api("POST", "/api/v1/apps/email/test", {
      token: admin.token,
      body: { to: "someone@example.com" },
    });
    expect(sent).toMatchObject({ status: 200, body: { msg: "The test e-mail has been sent" } });
    const last = (await (await fetch(`${fake}/mail/last`)).json()) as Record<string, string>;
    expect(last).toMatchObject({
      authorization: "Bearer mail-key",
      to: "someone@example.com",
      from: "Ops <ops@example.com>",
    });

    expect(await api("POST", "/api/v1/apps/email/test", { token: admin.token, body: { to: "nope" } })).toMatchObject({
      status: 400,
      body: { msg: "to: Invalid email address" },
    });
  });

  it("is for the super admin only, and never with an API token", async () => {
    const admin = await seedUser("super");
    const creator = await seedUser("org-level-creator");
    expect((await api("GET", "/api/v1/apps", { token: creator.token })).status).toBe(403);
    expect((await api("GET", "/api/v1/apps")).status).toBe(401);
    const token = await api("POST", "/api/v1/tokens", { token: admin.token, body: { description: "ci" } });
    expect(token.status).toBe(200);
    const viaToken = await api("GET", "/api/v1/apps", { headers: { "xc-token": token.body.token } });
    expect(viaToken).toMatchObject({ status: 403, body: { msg: "Not allowed with API token" } });
  });

  it("delivers a webhook notification to a Slack target in Slack's shape", async () => {
    const admin = await seedUser("super");
    const name = `slack-${crypto.randomUUID()}`;
    const target = await api("POST", "/api/v1/apps/targets", {
      token: admin.token,
      body: { kind: "Slack", title: `ops-${name.slice(-6)}`, webhook_url: `${fake}/hook/${name}` },
    });
    expect(target.status).toBe(200);
    expect(JSON.stringify(target.body)).not.toContain(`/hook/${name}`);
    expect((await api("POST", `/api/v1/apps/targets/${target.body.id}/test`, { token: admin.token })).status).toBe(200);
    expect(JSON.parse((await received(name, 1))[0]!.body)).toEqual({
      text: "Gridbase: this target receives webhook notifications.",
    });

    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const table = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
      token: owner.token,
      body: { table_name: "Leads", columns: [{ title: "Name", uidt: "SingleLineText" }] },
    });
    const hook = await api("POST", `/api/v1/db/meta/tables/${table.body.id}/hooks`, {
      token: owner.token,
      body: {
        title: "Tell ops",
        operation: "insert",
        notification: { type: "Slack", payload: { channels: [{ channel: `ops-${name.slice(-6)}` }] } },
      },
    });
    expect(hook.status).toBe(200);
    await api("POST", `/api/v1/db/data/noco/${projectId}/Leads`, { token: owner.token, body: { Name: "Ada" } });
    const got = await received(name, 2);
    const message = JSON.parse(got[1]!.body) as { text: string };
    expect(Object.keys(message)).toEqual(["text"]);
    expect(message.text).toContain("Leads: insert of 1 record");
    expect(message.text).toContain('"Name":"Ada"');
  });

  it("refuses bad targets with a message", async () => {
    const admin = await seedUser("super");
    expect(
      await api("POST", "/api/v1/apps/targets", {
        token: admin.token,
        body: { kind: "IRC", title: "x", webhook_url: "https://e.example.com" },
      }),
    ).toMatchObject({ status: 400, body: { msg: expect.stringContaining("kind: must be one of") } });
    expect(
      await api("POST", "/api/v1/apps/targets", {
        token: admin.token,
        body: { kind: "Slack", title: "x", webhook_url: "ftp://e" },
      }),
    ).toMatchObject({ status: 400, body: { msg: "webhook_url: Only http and https URLs are allowed" } });
  });

  it("refuses private addresses outside local mode, however written or resolved", async () => {
    const admin = await seedUser("super");
    // Production settings, with the secret the test sessions are signed with; names go to tests/support/fake-dns.ts.
    const production = {
      ...env,
      MODE: "production",
      JWT_SECRET: "local-development-secret-not-for-production-use",
      SETTINGS_KEY: "apps-test-settings-key-0123456789",
    };
    const call = async (method: string, path: string, body: unknown) => {
      const res = await app.fetch(
        new Request(`http://localhost/api/v1${path}`, {
          method,
          headers: { "xc-auth": admin.token, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        production,
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const target = (webhook_url: string) => call("POST", "/apps/targets", { kind: "Slack", title: "x", webhook_url });
    expect(await target("http://loopback.gridbase.test/in")).toEqual({
      status: 400,
      body: { msg: "webhook_url: loopback.gridbase.test resolves to 127.0.0.1, which is not a public address" },
    });
    expect(await call("PUT", "/apps/email", { url: "http://[64:ff9b:1::7f00:1]/send" })).toEqual({
      status: 400,
      body: { msg: "url: [64:ff9b:1::7f00:1] is not a public address" },
    });
    expect(await target("https://hooks.example.com/in")).toMatchObject({ status: 200 });
  });
});
