/**
 * Connecting the machine's PostgreSQL (issue 20): the "Connect a database" form with the database's
 * own answer to "Test connection", then the sample's table in the grid; a cell edited there is in
 * the database itself; a rollup made in the field editor shows the database's sum. Rows of a table
 * with a composite key (order_lines: order_id, line_no) are edited and deleted from the grid by
 * both key columns.
 */
import { expect, test } from "@playwright/test";
import { pgSample, type SampleDb } from "../support/external-sample";
import { cell, count } from "./grid-helpers";
import { authHeaders, expectPath, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";
import { openFieldList } from "./link-helpers";

let sample: SampleDb | null = null;

test.beforeAll(async () => {
  sample = await pgSample();
});

test.afterAll(async () => {
  await sample?.drop();
});

test("connect a PostgreSQL database, open a table, edit a cell, see it in the database, add a rollup", async ({
  page,
  request,
}) => {
  test.skip(!sample, "no PostgreSQL on this machine");
  const db = sample!;
  const conn = db.config.connection as { host: string; port: number; user: string; password: string; database: string };
  const token = await signUpByApi(request, uniqueEmail("ext"));
  await useToken(page, token);
  await page.goto("/");
  await page.getByRole("link", { name: "Connect a database" }).first().click();
  await expectPath(page, "/create-external");

  const title = uniqueTitle("Shop");
  await page.getByLabel("Project name").fill(title);
  await expect(page.getByLabel("Database engine")).toHaveValue("pg");
  await page.getByLabel("Host", { exact: true }).fill(conn.host);
  await page.getByLabel("Port", { exact: true }).fill(String(conn.port));
  await page.getByLabel("User", { exact: true }).fill(conn.user);
  await page.getByLabel("Password", { exact: true }).fill(conn.password);
  await page.getByLabel("Database", { exact: true }).fill(conn.database);
  await page.getByLabel("Schema (search path)").fill(db.config.searchPath![0]!);

  // An empty parameter key is refused as typed.
  await page.getByRole("button", { name: "Add parameter" }).click();
  await expect(page.getByText("Parameter key cannot be empty")).toBeVisible();
  await page.getByRole("button", { name: "Remove parameter" }).click();

  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Connected: PostgreSQL \d+/ })).toBeVisible();

  await page.getByRole("button", { name: "Connect and create project" }).click();
  await expectPath(page, /^\/nc\/p_[0-9a-z]+$/);
  await page.getByRole("link", { name: "Customers" }).first().click();
  await expectPath(page, /\/table\/Customers$/);

  const name = page.locator('[role=gridcell][data-row="0"][data-title="Name"]');
  await expect(name).toHaveText("Ada");
  await name.click();
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Lovelace");
  await page.keyboard.press("Enter");
  await expect(name).toHaveText("Ada Lovelace");
  await expect
    .poll(async () => (await db.query("SELECT name FROM customers WHERE id = 1"))[0]?.name, { timeout: 15_000 })
    .toBe("Ada Lovelace");

  // A rollup made in the field editor over the database's own foreign key, summed by the database.
  const panel = await openFieldList(page);
  await panel.getByRole("button", { name: "Add field" }).click();
  const editor = page.getByRole("dialog", { name: "Add field" });
  await editor.getByLabel("Field name").fill("Spent");
  await editor.getByRole("radio", { name: "Rollup", exact: true }).click();
  await editor.getByLabel("Link field").selectOption({ label: "OrdersList" });
  await editor.getByLabel("Field of Orders").selectOption({ label: "Total (Decimal)" });
  await editor.getByLabel("Roll up with").selectOption({ label: "Sum" });
  await editor.getByRole("button", { name: "Add field", exact: true }).click();
  await expect(editor).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  // The table is wide: jump to its last column, the new one.
  await name.click();
  await page.keyboard.press("Control+ArrowRight");
  await expect(cell(page, 0, "Spent")).toHaveText("119.9");

  // A column added in the database outside the app shows in the settings' database section and syncs.
  await db.query("ALTER TABLE customers ADD COLUMN nickname varchar(30)");
  await page.getByRole("button", { name: "Project settings" }).click();
  await page.getByRole("button", { name: "Database", exact: true }).click();
  await expect(page.getByTestId("meta-diff")).toContainText("New column nickname");
  await page.getByRole("button", { name: "Sync with the database" }).click();
  await expect(page.getByText("The tables and fields match the database.")).toBeVisible();

  // A rotated password is typed into the same section; the project keeps working on it.
  await page.getByRole("button", { name: "Change connection" }).click();
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue(conn.host);
  await page.getByLabel(/^Password/).click();
  await page.keyboard.type("rotated-password");
  await page.getByRole("button", { name: "Save and reconnect" }).click();
  await expect(page.getByText("Reconnected to the database")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change connection" })).toBeVisible();
});

test("a composite-key table: edit a cell of one row, delete two rows from the grid and undo, seen in the database", async ({
  page,
  request,
}) => {
  test.skip(!sample, "no PostgreSQL on this machine");
  const db = sample!;
  const token = await signUpByApi(request, uniqueEmail("extkey"));
  const made = await request.post("/api/v1/db/meta/projects", {
    headers: authHeaders(token),
    data: { title: uniqueTitle("Lines"), external: true, bases: [{ type: "pg", config: db.config }] },
  });
  expect(made.status(), await made.text()).toBe(200);
  const projectId = ((await made.json()) as { id: string }).id;
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/table/OrderLines`);
  await expect(count(page)).toHaveText("3 records");

  // (1, 2) "ink": its first key value is shared with (1, 1) "pen", which must stay as it was.
  const inkRow = Number(
    await page.locator('[role=gridcell][data-title="Product"]', { hasText: "ink" }).getAttribute("data-row"),
  );
  const qty = cell(page, inkRow, "Qty");
  await qty.click();
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Qty", exact: true }).fill("7");
  await page.keyboard.press("Enter");
  await expect(qty).toHaveText("7");
  const lines = () => db.query("SELECT order_id, line_no, product, qty FROM order_lines ORDER BY order_id, line_no");
  await expect.poll(lines, { timeout: 15_000 }).toEqual([
    { order_id: 1, line_no: 1, product: "pen", qty: 2 },
    { order_id: 1, line_no: 2, product: "ink", qty: 7 },
    { order_id: 2, line_no: 1, product: "pad", qty: 4 },
  ]);

  // Two rows at once go through the bulk route, each named by both key columns.
  const kept = await cell(page, 2, "Product").textContent();
  await page.locator('[role=rowheader][data-row="0"]').click();
  await page.locator('[role=rowheader][data-row="1"]').click({ modifiers: ["Shift"] });
  await page.getByRole("button", { name: "Delete 2 records" }).click();
  await page.getByRole("dialog", { name: "Delete 2 records?" }).getByRole("button", { name: "Delete records" }).click();
  await expect(count(page)).toHaveText("1 record");
  await expect(cell(page, 0, "Product")).toHaveText(kept!);
  await expect.poll(async () => (await lines()).map((r) => r.product), { timeout: 15_000 }).toEqual([kept]);

  // Undo puts them back with their own keys (no database makes up a composite key).
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(count(page)).toHaveText("3 records");
  await expect
    .poll(async () => (await lines()).map((r) => [r.order_id, r.line_no, r.product]), { timeout: 15_000 })
    .toEqual([
      [1, 1, "pen"],
      [1, 2, "ink"],
      [2, 1, "pad"],
    ]);
});
