/**
 * Passkeys (issue 41), end to end with Chromium's virtual authenticator (DevTools protocol): add a
 * passkey on the profile, sign out and back in with it (no e-mail, no password), remove it after a
 * confirmation; and a user with two-factor sign-in answers the second step with the passkey.
 * The page runs on localhost: WebAuthn refuses an IP address as the relying party.
 */
import { expect, test, type Page } from "@playwright/test";
import { totpAt } from "../../db/auth/totp";
import { authHeaders, expectPath, PASSWORD, signUpInPage, tokenOf, uniqueEmail } from "./helpers";

test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 8799)}` });

/** A platform authenticator that holds discoverable keys and verifies the user (as a fingerprint would). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expectPath(page, "/signin");
}

async function addPasskey(page: Page, name: string) {
  await page.goto("/user");
  await page.getByLabel("Passkey name").click();
  await page.keyboard.type(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added").first()).toBeVisible();
  await expect(page.getByTestId("passkey")).toHaveCount(1);
  await expect(page.getByTestId("passkey")).toContainText(name);
  await expect(page.getByTestId("passkey")).toContainText("Never used");
}

test("a user adds a passkey, signs in with it, and removes it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  const email = uniqueEmail("passkey");
  await signUpInPage(page, email);
  await addPasskey(page, "Work laptop");

  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectPath(page, "/");
  await expect(page.getByTestId("current-user-email")).toHaveText(email);

  await page.goto("/user");
  await expect(page.getByTestId("passkey")).toContainText("Last used");
  await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove this passkey?" });
  await expect(confirm).toContainText("Work laptop");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("passkey")).toHaveCount(0);
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

test("a user with two-factor sign-in uses a passkey instead of a code", async ({ page, request }) => {
  await addVirtualAuthenticator(page);
  const email = uniqueEmail("passkey2fa");
  await signUpInPage(page, email);
  await addPasskey(page, "Phone");
  // Two-factor sign-in turned on through the API, with a code computed from the secret.
  const headers = authHeaders(await tokenOf(page));
  const setup = await request.post("/api/v1/auth/2fa/setup", { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const on = await request.post("/api/v1/auth/2fa/enable", {
    headers,
    data: { code: await totpAt(secret, Date.now()) },
  });
  expect(on.status()).toBe(200);

  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).click();
  await page.keyboard.type(email);
  await page.getByLabel("Password", { exact: true }).click();
  await page.keyboard.type(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expectPath(page, "/");
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
});
