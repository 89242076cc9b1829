/**
 * Automations (issue 39) in the UI: "when a record is created with Amount > 100, create a record
 * in Log and post to a webhook", built in the project's Automations dialog, tested with a
 * record, and its run seen in the run list.
 */
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

let receiver: Server;
let target = "";
const bodies: string[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  target = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/in`;
});
test.afterAll(() => receiver.close());

test("a builder makes an automation, tests it with a record and sees its run", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("auto"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Auto"));
  for (const data of [
    { table_name: "Orders", columns: [{ title: "Title" }, { title: "Amount", uidt: "Number" }] },
    { table_name: "Log", columns: [{ title: "Note" }] },
  ]) {
    const made = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
      headers: authHeaders(token),
      data,
    });
    expect(made.status()).toBe(200);
  }
  const T = `/api/v1/db/data/noco/${projectId}/Orders`;
  const small = await request.post(T, { headers: authHeaders(token), data: { Title: "small", Amount: 5 } });
  const smallId = (await small.json()).Id as number;

  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);
  await page.getByRole("button", { name: "Automations" }).click();
  const dialog = page.getByRole("dialog", { name: "Automations" });
  await dialog.getByRole("button", { name: "New automation" }).click();
  await dialog.getByLabel("Title").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Big orders");
  await expect(dialog.getByLabel("Trigger")).toHaveValue("record.created");
  await dialog.getByLabel("Table").selectOption({ label: "Orders" });

  // Only when Amount > 100 (the view filter builder).
  await dialog.getByRole("button", { name: "Add filter", exact: true }).click();
  await dialog.getByLabel("Filter 1 field").selectOption({ label: "Amount" });
  await dialog.getByLabel("Filter 1 operator").selectOption("gt");
  await dialog.getByLabel("Filter 1 value").click();
  await page.keyboard.type("100");

  // Step 1: create a record in Log with a template.
  await dialog.getByRole("button", { name: "Add step" }).click();
  const step1 = dialog.getByRole("listitem").filter({ hasText: "Step 1" });
  await step1.getByLabel("Table").selectOption({ label: "Log" });
  await step1.getByLabel("Note").click();
  await page.keyboard.type("Big order: {{record.Title}}");

  // Step 2: post to the webhook.
  await dialog.getByRole("button", { name: "Add step" }).click();
  const step2 = dialog.getByRole("listitem").filter({ hasText: "Step 2" });
  await step2.getByLabel("Action").selectOption("http_request");
  await step2.getByLabel("URL", { exact: true }).click();
  await page.keyboard.type(target);
  await step2.getByLabel("Body").click();
  await page.keyboard.type('{"order": "{{record.Title}}", "log": {{steps.1.id}}}');

  await dialog.getByRole("button", { name: "Save automation" }).click();
  await expect(page.getByText('Automation "Big orders" saved').first()).toBeVisible();
  await expect(dialog.getByRole("navigation")).toContainText("A record is created");

  // Test with a record: each step's input and output, nothing written (dry).
  await dialog.getByLabel("Record ID").click();
  await page.keyboard.type(String(smallId));
  await dialog.getByRole("button", { name: "Run test" }).click();
  const tested = dialog.getByRole("region", { name: "Test with a record" });
  await expect(tested).toContainText("Big order: small");
  await expect(tested).toContainText("Send an HTTP request");
  expect(bodies).toHaveLength(0);

  // A real insert over 100 runs it: the Log record, the post, and the run in the list.
  expect((await request.post(T, { headers: authHeaders(token), data: { Title: "huge", Amount: 500 } })).status()).toBe(
    200,
  );
  expect((await request.post(T, { headers: authHeaders(token), data: { Title: "tiny", Amount: 50 } })).status()).toBe(
    200,
  );
  await expect.poll(() => bodies.length, { timeout: 15_000 }).toBe(1);
  expect(JSON.parse(bodies[0]!)).toMatchObject({ order: "huge" });
  const runs = dialog.getByRole("region", { name: "Runs" });
  await expect(runs.getByText("Succeeded").first()).toBeVisible({ timeout: 15_000 });
  await expect(runs.getByRole("listitem").filter({ hasText: "Succeeded" })).toHaveCount(1);
  const log = await request.get(`/api/v1/db/data/noco/${projectId}/Log`, { headers: authHeaders(token) });
  expect((await log.json()).list).toMatchObject([{ Note: "Big order: huge" }]);
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar" });
  test("automations fit a 375 px screen and a right-to-left language", async ({ page, request }) => {
    const token = await signUpByApi(request, uniqueEmail("auto-rtl"));
    const projectId = await createProjectByApi(request, token, uniqueTitle("Auto RTL"));
    await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
      headers: authHeaders(token),
      data: { table_name: "Orders", columns: [{ title: "Title" }] },
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await useToken(page, token);
    await page.goto(`/nc/${projectId}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "الأتمتة" }).click();
    const dialog = page.getByRole("dialog", { name: "الأتمتة" });
    await dialog.getByRole("button", { name: "أتمتة جديدة" }).click();
    await dialog.getByRole("button", { name: "إضافة خطوة" }).click();
    const width = await dialog.evaluate((el) => el.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
