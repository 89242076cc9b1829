/**
 * Scoped API tokens (issue 41) in the browser: on a project's Team and access page, make a
 * read-only token for one project that expires in 30 days; the list shows its scope, project and
 * expiry; the token it showed once reads that project, is refused a write and the other project.
 */
import { expect, test } from "@playwright/test";
import { createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("a read-only token for one project, made and listed on the page, is held to both", async ({ page, request }) => {
  const session = await signUpByApi(request, uniqueEmail("scoped"));
  const title = uniqueTitle("Reports");
  const otherTitle = uniqueTitle("Payroll");
  const projectId = await createProjectByApi(request, session, title);
  const otherId = await createProjectByApi(request, session, otherTitle);
  await useToken(page, session);

  await page.goto(`/nc/${projectId}/auth`);
  await page.getByLabel("Token description").click();
  await page.keyboard.type("Weekly report");
  await page.getByLabel("Access", { exact: true }).selectOption({ label: "Read only" });
  await page.getByLabel("Expires", { exact: true }).selectOption({ label: "In 30 days" });
  await page.getByRole("group", { name: "Limit to projects" }).getByLabel(title).check();
  const made = page.waitForResponse((r) => r.url().endsWith("/api-tokens") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Create token" }).click();
  expect((await made).status()).toBe(200);
  const secret = (await page.getByTestId("new-api-token").textContent())!.trim();

  const row = page.getByTestId("api-token-row").filter({ hasText: "Weekly report" });
  await expect(row).toContainText("Read only");
  await expect(row).toContainText(title);
  await expect(row).not.toContainText(otherTitle);
  const in30 = new Date(Date.now() + 30 * 86_400_000);
  const shown = await page.evaluate((ms) => new Date(ms).toLocaleDateString(), in30.getTime());
  await expect(row).toContainText(`Expires ${shown}`);

  const headers = { "xc-token": secret };
  const read = await request.get(`/api/v1/db/meta/projects/${projectId}/tables`, { headers });
  expect(read.status()).toBe(200);
  const write = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers,
    data: { table_name: "Nope" },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { msg: string }).msg).toMatch(/read-only/);
  const elsewhere = await request.get(`/api/v1/db/meta/projects/${otherId}/tables`, { headers });
  expect(elsewhere.status()).toBe(403);
  expect(((await elsewhere.json()) as { msg: string }).msg).toBe("This API token is not allowed for this project");
});

test("the token form and list fit a 375 px screen", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const session = await signUpByApi(request, uniqueEmail("scoped375"));
  const projectId = await createProjectByApi(request, session, uniqueTitle("Narrow"));
  await createProjectByApi(request, session, uniqueTitle("Narrow two"));
  await request.post("/api/v1/tokens", {
    headers: { "xc-auth": session },
    data: { description: "a rather long description of a token", scope: "records", project_ids: [projectId] },
  });
  await useToken(page, session);
  await page.goto(`/nc/${projectId}/auth`);
  await expect(page.getByTestId("api-token-row")).toContainText("Read and write records");
  await expect(page.getByRole("group", { name: "Limit to projects" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
