/** Webhooks from the table's menu: create with a condition, test, deliveries in the log, delete. */
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

test("a builder adds a webhook with a condition, tests it and reads its delivery log", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("hooks"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Hooks"));
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: { table_name: "Orders", columns: [{ title: "Name" }, { title: "Amount", uidt: "Number" }] },
  });
  expect(made.status()).toBe(200);
  await useToken(page, token);
  // The table's toolbar holds its webhooks (the sidebar's hover buttons stay few: they cover the name).
  await page.goto(`/nc/${projectId}/table/Orders`);
  await page.getByRole("button", { name: "Webhooks of Orders" }).click();
  const dialog = page.getByRole("dialog", { name: "Webhooks · Orders" });
  await expect(dialog.getByText("No webhooks yet.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "New webhook" }).click();
  await dialog.getByLabel("Title").fill("Big orders");
  await dialog.getByLabel("URL", { exact: true }).fill(target);
  await dialog.getByRole("button", { name: "Add header" }).click();
  await dialog.getByLabel("Header name").fill("X-Shop");
  await dialog.getByLabel("Header value").fill("north");

  // The condition comes from the view filter builder: Amount > 100.
  await dialog.getByRole("button", { name: "Add filter", exact: true }).click();
  await dialog.getByLabel("Filter 1 field").selectOption({ label: "Amount" });
  await dialog.getByLabel("Filter 1 operator").selectOption("gt");
  await dialog.getByLabel("Filter 1 value").fill("100");

  await dialog.getByRole("button", { name: "Test webhook" }).click();
  await expect(page.getByText("The hook has been tested successfully").first()).toBeVisible();
  await expect.poll(() => bodies.length).toBe(1);

  await dialog.getByRole("button", { name: "Save webhook" }).click();
  await expect(dialog.getByTestId("hook-list")).toContainText("Big orders");
  await expect(dialog.getByTestId("hook-list")).toContainText("After insert · URL");

  const T = `/api/v1/db/data/noco/${projectId}/Orders`;
  await request.post(T, { headers: authHeaders(token), data: { Name: "small", Amount: 5 } });
  await request.post(T, { headers: authHeaders(token), data: { Name: "big", Amount: 500 } });
  await expect.poll(() => bodies.length).toBe(2);
  expect(JSON.parse(bodies[1]!)).toMatchObject({
    type: "records.after.insert",
    data: { table_name: "Orders", rows: [{ Name: "big", Amount: 500 }] },
  });

  await dialog.getByRole("button", { name: "Delivery log of Big orders" }).click();
  const logs = dialog.getByTestId("hook-logs");
  await expect(logs.locator("tbody tr")).toHaveCount(1);
  await expect(logs.locator("tbody tr").first()).toContainText("200");
  await expect(logs.locator("tbody tr").first()).toContainText('{"ok":true}');
  // The payload sent unfolds on request, and Redeliver sends the same payload again.
  await logs.getByText("Payload").first().click();
  await expect(logs.locator("pre").first()).toContainText('"Name": "big"');
  await logs.getByRole("button", { name: "Redeliver" }).first().click();
  await expect(page.getByText("Queued again: it shows here once sent")).toBeVisible();
  await expect.poll(() => bodies.length).toBe(3);
  expect(JSON.parse(bodies[2]!)).toEqual(JSON.parse(bodies[1]!));
  await expect(logs.locator("tbody tr")).toHaveCount(2);

  await dialog.getByRole("button", { name: "Back to webhooks" }).click();
  await dialog.getByRole("button", { name: "Delete Big orders" }).click();
  await page.getByRole("dialog", { name: "Delete webhook" }).getByRole("button", { name: "Delete webhook" }).click();
  await expect(dialog.getByText("No webhooks yet.", { exact: false })).toBeVisible();
});
