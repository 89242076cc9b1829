/**
 * Single sign-on (issue 41), end to end: a real OpenID provider (oidc-provider) runs on loopback
 * beside the test server; the super admin configures it through the API, and a new person signs in
 * with the "Sign in with …" button, types an e-mail at the provider's page and lands signed in.
 */
import type { Server } from "node:http";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { startOidcProvider } from "../support/oidc-provider";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from "../support/oidc-test-client";
import { authHeaders, expectPath, localD1, PASSWORD, signUpByApi, uniqueEmail } from "./helpers";

let provider: Server;
let issuer = "";
let adminToken = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

test.beforeAll(async ({ request, baseURL }) => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(port, [`${baseURL}/api/v1/auth/oidc/callback`]);
  // The app store is the super admin's; the instance's first user is whichever spec ran first.
  const admin = uniqueEmail("sso-admin");
  await signUpByApi(request, admin);
  localD1(`UPDATE users SET roles = 'org-level-creator,super' WHERE email = '${admin}'`);
  const res = await request.post("/api/v1/auth/user/signin", { data: { email: admin, password: PASSWORD } });
  adminToken = ((await res.json()) as { token: string }).token;
});

test.afterAll(async ({ request }) => {
  // Other specs expect the plain sign-in page.
  await request.delete("/api/v1/apps/oidc", { headers: authHeaders(adminToken) });
  provider?.close();
});

test("a new person signs in through the OpenID provider and lands signed in", async ({ page, request }) => {
  const saved = await request.put("/api/v1/apps/oidc", {
    headers: authHeaders(adminToken),
    data: {
      issuer,
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      allowedDomains: ["acme.test"],
      defaultRole: "org-level-creator",
      label: "Acme ID",
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const email = `e2e-sso-${Date.now().toString(36)}@acme.test`;
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
  await expect(page.getByRole("heading", { name: "Test OpenID provider" })).toBeVisible();
  await page.getByLabel("E-mail").click();
  await page.keyboard.type(email);
  await page.getByRole("button", { name: "Continue" }).click();

  await expectPath(page, "/");
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
});

test("an address the provider vouches for outside the allowed domains is told why on the sign-in page", async ({
  page,
}) => {
  // Configured by the test above (same file, in order): only acme.test may sign in.
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
  await page.getByLabel("E-mail").click();
  await page.keyboard.type(`e2e-sso-${Date.now().toString(36)}@elsewhere.test`);
  await page.getByRole("button", { name: "Continue" }).click();

  await expectPath(page, "/signin");
  await expect(page.getByText("SSO sign-in failed: this e-mail domain is not allowed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in with Acme ID" })).toBeVisible();
});
