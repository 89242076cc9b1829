/**
 * Single sign-on (issue 41), end to end: a real OpenID provider (oidc-provider) runs on loopback
 * beside the test server; the super admin configures it through the API, and a new person signs in
 * with the "Sign in with …" button, types an e-mail at the provider's page and lands signed in.
 */
import type { Server } from "node:http";
import { expect, test } from "@playwright/test";
import { startOidcProvider } from "../support/oidc-provider";
import { freePort } from "../support/free-port";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from "../support/oidc-test-client";
import { authHeaders, expectPath, localD1, PASSWORD, signUpByApi, uniqueEmail, useToken } from "./helpers";

let provider: Server;
let issuer = "";
let adminToken = "";

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

test("the super admin sets single sign-on up in the app store, sees the secret masked, and removes it", async ({
  page,
  request,
}) => {
  // From a blank card, whatever the tests above left.
  await request.delete("/api/v1/apps/oidc", { headers: authHeaders(adminToken) });
  await useToken(page, adminToken);
  await page.goto("/apps");
  const card = page.getByRole("region", { name: "Single sign-on (OpenID Connect)" });
  await expect(card.getByText("Off: people sign in with a password or a social account.")).toBeVisible();

  await card.getByLabel("Issuer URL").click();
  await page.keyboard.type(issuer);
  await card.getByLabel("Client ID").click();
  await page.keyboard.type(OIDC_CLIENT_ID);
  await card.getByLabel("Client secret").click();
  await page.keyboard.type(OIDC_CLIENT_SECRET);
  await card.getByLabel("Allowed e-mail domains (comma separated; empty allows any)").click();
  await page.keyboard.type("acme.test");
  await card.getByLabel("Provider name on the sign-in button (optional)").click();
  await page.keyboard.type("Acme Card");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/apps/oidc") && r.request().method() === "PUT");
  await card.getByRole("button", { name: "Save single sign-on" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Single sign-on saved")).toBeVisible();

  // Saved: the card says so after a reload, the secret shows only as a mask, never in the page.
  await page.reload();
  await expect(
    card.getByText("On: the sign-in page offers single sign-on through your identity provider."),
  ).toBeVisible();
  await expect(card.getByLabel("Issuer URL")).toHaveValue(issuer);
  await expect(card.getByLabel("Client ID")).toHaveValue(OIDC_CLIENT_ID);
  const secret = card.getByLabel("Client secret");
  await expect(secret).toHaveValue("");
  await expect(secret).toHaveAttribute("placeholder", `••••${OIDC_CLIENT_SECRET.slice(-4)}`);
  expect(await page.content()).not.toContain(OIDC_CLIENT_SECRET);
  const listed = await request.get("/api/v1/apps", { headers: authHeaders(adminToken) });
  expect(JSON.stringify(await listed.json())).not.toContain(OIDC_CLIENT_SECRET);

  // Removing asks first; cancelling keeps it.
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Remove single sign-on" });
  await expect(
    dialog.getByText("Remove single sign-on? People will have to sign in with a password again."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    card.getByText("On: the sign-in page offers single sign-on through your identity provider."),
  ).toBeVisible();
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  const removed = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/apps/oidc") && r.request().method() === "DELETE",
  );
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByText("Single sign-on removed")).toBeVisible();
  await expect(card.getByText("Off: people sign in with a password or a social account.")).toBeVisible();
  const after = await request.get("/api/v1/apps", { headers: authHeaders(adminToken) });
  expect(((await after.json()) as { oidc: { configured: boolean } }).oidc.configured).toBe(false);
});
