/**
 * Links, lookups, rollups and formulas end to end: fields made in the field editor, records linked
 * with the picker, values that follow the linked rows, the already-linked message and unlinking.
 */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, edit, insertRows } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";
import { addField, addLinkByApi, chips, openFieldList } from "./link-helpers";

test("a has-many link, a lookup, a rollup and a formula made in the UI follow the linked records", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await signUpByApi(request, uniqueEmail("links"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Links"));
  await useToken(page, token);
  await createTable(request, token, projectId, "Customers", [{ title: "Title", uidt: "SingleLineText" }]);
  await createTable(request, token, projectId, "Orders", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Amount", uidt: "Decimal" },
  ]);
  await insertRows(request, token, projectId, "Customers", [{ Title: "Ada" }, { Title: "Bob" }]);
  await insertRows(request, token, projectId, "Orders", [
    { Title: "Pen", Amount: 2.5 },
    { Title: "Ink", Amount: 4 },
    { Title: "Pad", Amount: 1 },
  ]);
  await page.goto(`/nc/${projectId}/table/Customers`);
  await expect(count(page)).toHaveText("2 records");

  // The link, through the field editor: the other table and the relation.
  await addField(page, "Orders", "Link to another record", async (editor) => {
    await editor.getByRole("button", { name: "Add field", exact: true }).click();
    await expect(editor.getByRole("alert")).toHaveText("Choose the table to link to.");
    await editor.getByLabel("Linked table").selectOption({ label: "Orders" });
    await editor.getByRole("radio", { name: /^Has many/ }).check();
  });

  // Link Pen and Ink to Ada with the picker (it stays open for a has-many link), Pad to Bob.
  await cell(page, 0, "Orders").getByRole("button", { name: "Link a record to Orders" }).click();
  const picker = page.getByRole("dialog", { name: "Link records to Orders" });
  await expect(picker.getByRole("button", { name: /^Link / })).toHaveCount(3);
  await picker.getByRole("searchbox", { name: "Search Title" }).fill("pe");
  await expect(picker.getByRole("button", { name: /^Link / })).toHaveCount(1);
  await picker.getByRole("button", { name: "Link Pen" }).click();
  await expect(picker.getByText("No records to link")).toBeVisible();
  await picker.getByRole("searchbox", { name: "Search Title" }).fill("");
  await picker.getByRole("button", { name: "Link Ink" }).click();
  await expect(picker.getByRole("button", { name: /^Link / })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(chips(page, 0, "Orders")).toHaveText(["Pen", "Ink"]);
  await cell(page, 1, "Orders").getByRole("button", { name: "Link a record to Orders" }).click();
  await picker.getByRole("button", { name: "Link Pad" }).click();
  await page.keyboard.press("Escape");
  await expect(chips(page, 1, "Orders")).toHaveText(["Pad"]);

  // A lookup and a rollup through the link, then a formula that uses both.
  await addField(page, "Items", "Lookup", async (editor) => {
    await editor.getByLabel("Link field").selectOption({ label: "Orders" });
    await editor.getByLabel("Field of Orders").selectOption({ label: "Title (Single line text)" });
  });
  await expect(chips(page, 0, "Items")).toHaveText(["Pen", "Ink"]);
  await addField(page, "Total", "Rollup", async (editor) => {
    await editor.getByLabel("Link field").selectOption({ label: "Orders" });
    await editor.getByLabel("Field of Orders").selectOption({ label: "Title (Single line text)" });
    await expect(editor.getByLabel("Roll up with").locator("option")).toHaveText([
      "Count",
      "Smallest",
      "Largest",
      "Count of distinct values",
    ]);
    await editor.getByLabel("Field of Orders").selectOption({ label: "Amount (Decimal)" });
    await editor.getByLabel("Roll up with").selectOption({ label: "Sum" });
  });
  await expect(cell(page, 0, "Total")).toHaveText("6.5");
  await addField(page, "Label", "Formula", async (editor) => {
    const formula = editor.getByRole("textbox", { name: "Formula" });
    await formula.fill("CONCAT({Nope})");
    await expect(editor.getByTestId("formula-check")).toHaveText("Column 'Nope' not found at 8");
    await formula.fill("");
    await editor.getByRole("searchbox", { name: "Search functions" }).fill("conc");
    await editor.getByRole("button", { name: "Insert CONCAT" }).click();
    await expect(formula).toHaveValue("CONCAT()");
    await expect(editor.getByTestId("formula-hint")).toContainText("CONCAT(text...)");
    await formula.pressSequentially("{It");
    await editor.getByRole("listbox", { name: "Fields" }).getByRole("option", { name: "Items" }).click();
    await formula.pressSequentially(", ' = ', {Tot");
    await expect(editor.getByRole("option", { name: "Total" })).toBeVisible();
    await formula.press("Enter");
    await expect(formula).toHaveValue("CONCAT({Items}, ' = ', {Total})");
    await expect(editor.getByTestId("formula-check")).toHaveText("Looks good: the result is text.");
  });
  await expect(cell(page, 0, "Label")).toHaveText("Pen, Ink = 6.5");

  // Change a linked order in its own table; back here the computed values follow.
  await page.goto(`/nc/${projectId}/table/Orders`);
  await expect(count(page)).toHaveText("3 records");
  await expect(cell(page, 0, "Customers")).toHaveText("Ada");
  for (const [title, text] of [
    ["Amount", "10"],
    ["Title", "Pencil"],
  ]) {
    await edit(page, 0, title!);
    await page.getByRole("textbox", { name: title, exact: true }).fill(text!);
    const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/v1/db/data/"));
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);
  }
  await expect(cell(page, 0, "Title")).toHaveText("Pencil");
  await page.goto(`/nc/${projectId}/table/Customers`);
  await expect(chips(page, 0, "Items")).toHaveText(["Pencil", "Ink"]);
  await expect(cell(page, 0, "Total")).toHaveText("14");
  await expect(cell(page, 0, "Label")).toHaveText("Pencil, Ink = 14");

  // A record linked meanwhile (here through the API) is refused with the info message.
  await cell(page, 0, "Orders").getByRole("button", { name: "Link a record to Orders" }).click();
  await expect(picker.getByRole("button", { name: "Link Pad" })).toBeVisible();
  const res = await request.post(`/api/v1/db/data/noco/${projectId}/Customers/1/hm/Orders/3`, {
    headers: authHeaders(token),
  });
  expect(res.status(), await res.text()).toBe(200);
  await picker.getByRole("button", { name: "Link Pad" }).click();
  await expect(page.getByText("This record is already linked")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(chips(page, 0, "Orders")).toHaveText(["Pencil", "Ink", "Pad"]);
  await expect(cell(page, 0, "Total")).toHaveText("15");
  await expect(cell(page, 1, "Total")).toHaveText("0");

  // Unlink in the expanded record: the record, the grid and the computed values follow.
  await cell(page, 0, "Title").click();
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: "Record Ada" });
  const linked = record.locator('[data-testid="expanded-field"][data-title="Orders"]').getByTestId("value-chip");
  await expect(linked).toHaveText(["Pencil", "Ink", "Pad"]);
  await record.getByRole("button", { name: "Unlink Pad" }).click();
  await expect(linked).toHaveText(["Pencil", "Ink"]);
  await page.keyboard.press("Escape");
  await expect(record).toBeHidden();
  await expect(chips(page, 0, "Orders")).toHaveText(["Pencil", "Ink"]);
  await expect(cell(page, 0, "Total")).toHaveText("14");

  // Unlink in the cell.
  await chips(page, 0, "Orders").filter({ hasText: "Ink" }).getByRole("button", { name: "Unlink Ink" }).click();
  await expect(chips(page, 0, "Orders")).toHaveText(["Pencil"]);
  await expect(cell(page, 0, "Label")).toHaveText("Pencil = 10");

  // Editing the formula: a formula that uses itself is a cycle, in the browser and on the server.
  await (await openFieldList(page)).getByRole("button", { name: "Edit field Label" }).click();
  const edit2 = page.getByRole("dialog", { name: "Edit field Label" });
  const formula = edit2.getByRole("textbox", { name: "Formula" });
  await expect(formula).toHaveValue("CONCAT({Items}, ' = ', {Total})");
  await formula.fill("{Label} & '!'");
  await expect(edit2.getByTestId("formula-check")).toContainText("Formula cycle: Label → Label");
  await edit2.getByRole("button", { name: "Save field" }).click();
  await expect(edit2.getByRole("alert")).toContainText("Formula cycle");
  await formula.fill("{Total} * 2");
  await edit2.getByRole("button", { name: "Save field" }).click();
  await expect(edit2).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(cell(page, 0, "Label")).toHaveText("20");
});

test("a viewer sees linked records and pages through them, but cannot link or unlink", async ({ page, request }) => {
  const owner = await signUpByApi(request, uniqueEmail("links-owner"));
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Linked"));
  const customers = await createTable(request, owner, projectId, "Customers", [
    { title: "Title", uidt: "SingleLineText" },
  ]);
  const orders = await createTable(request, owner, projectId, "Orders", [{ title: "Title", uidt: "SingleLineText" }]);
  await addLinkByApi(request, owner, customers, "Orders", orders, "hm");
  await insertRows(request, owner, projectId, "Customers", [{ Title: "Ada" }]);
  await insertRows(
    request,
    owner,
    projectId,
    "Orders",
    Array.from({ length: 12 }, (_, i) => ({ Title: `Order ${i + 1}` })),
  );
  for (let i = 1; i <= 12; i++) {
    const res = await request.post(`/api/v1/db/data/noco/${projectId}/Customers/1/hm/Orders/${i}`, {
      headers: authHeaders(owner),
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const viewerEmail = uniqueEmail("links-viewer");
  const viewer = await signUpByApi(request, viewerEmail);
  const invite = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
    headers: authHeaders(owner),
    data: { email: viewerEmail, roles: "viewer" },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  await useToken(page, viewer);
  await page.goto(`/nc/${projectId}/table/Customers`);

  await expect(chips(page, 0, "Orders")).toHaveText(["Order 1", "Order 2", "Order 3"]);
  await expect(cell(page, 0, "Orders").getByRole("button", { name: "Link a record to Orders" })).toHaveCount(0);
  await expect(cell(page, 0, "Orders").getByRole("button", { name: /^Unlink / })).toHaveCount(0);

  await cell(page, 0, "Orders").getByRole("button", { name: "See all records linked by Orders" }).click();
  const list = page.getByRole("dialog", { name: "Linked by Orders" });
  const items = list.getByRole("list", { name: "Records linked by Orders" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  await expect(list.getByTestId("link-range")).toHaveText("1–10 of 12");
  await list.getByRole("button", { name: "Next" }).click();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Order 11");
  await expect(list.getByRole("button", { name: /^Unlink / })).toHaveCount(0);
  await expect(list.getByRole("button", { name: "Link records" })).toHaveCount(0);
});

test("a belongs-to link holds one record; once required, a new record picks it in the form", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("links-bt"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Belongs"));
  await useToken(page, token);
  const orders = await createTable(request, token, projectId, "Orders", [{ title: "Title", uidt: "SingleLineText" }]);
  const customers = await createTable(request, token, projectId, "Customers", [
    { title: "Title", uidt: "SingleLineText" },
  ]);
  await addLinkByApi(request, token, orders, "Buyer", customers, "bt");
  await insertRows(request, token, projectId, "Customers", [{ Title: "Ada" }, { Title: "Bob" }]);
  await insertRows(request, token, projectId, "Orders", [{ Title: "Pen" }]);
  await page.goto(`/nc/${projectId}/table/Orders`);
  await expect(count(page)).toHaveText("1 record");

  // Picking a record closes the picker; picking again replaces it (the current one is not offered).
  const picker = page.getByRole("dialog", { name: "Link records to Buyer" });
  await cell(page, 0, "Buyer").getByRole("button", { name: "Link a record to Buyer" }).click();
  await picker.getByRole("button", { name: "Link Bob" }).click();
  await expect(picker).toBeHidden();
  await expect(chips(page, 0, "Buyer")).toHaveText(["Bob"]);
  await cell(page, 0, "Buyer").getByRole("button", { name: "Link a record to Buyer" }).click();
  await expect(picker.getByRole("button", { name: /^Link / })).toHaveText(["Ada#1"]);
  await picker.getByRole("button", { name: "Link Ada" }).click();
  await expect(chips(page, 0, "Buyer")).toHaveText(["Ada"]);

  // Make the link required in the field editor (SPEC 5).
  await (await openFieldList(page)).getByRole("button", { name: "Edit field Buyer" }).click();
  const editor = page.getByRole("dialog", { name: "Edit field Buyer" });
  await expect(editor.getByLabel("Linked table")).toBeDisabled();
  await editor.getByRole("checkbox", { name: /^Required/ }).check();
  await editor.getByRole("button", { name: "Save field" }).click();
  await expect(editor).toBeHidden();
  await page.keyboard.press("Escape");

  // A new record needs its buyer: refused without, created with one chosen in the form.
  await page.getByRole("button", { name: "New record" }).first().click();
  const form = page.getByRole("dialog", { name: "New record" });
  await form.getByLabel("Title").fill("Ink");
  await form.getByRole("button", { name: "Create record" }).click();
  await expect(page.getByText("Buyer is required")).toBeVisible();
  await form.getByRole("button", { name: "Link a record to Buyer" }).click();
  await expect(picker.getByRole("button", { name: /^Link / })).toHaveCount(2);
  await picker.getByRole("button", { name: "Link Bob" }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByTestId("value-chip")).toHaveText(["Bob"]);
  await form.getByRole("button", { name: "Create record" }).click();
  await expect(form).toBeHidden();
  await expect(count(page)).toHaveText("2 records");
  await expect(chips(page, 1, "Buyer")).toHaveText(["Bob"]);
});
