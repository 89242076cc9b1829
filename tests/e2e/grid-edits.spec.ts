/**
 * Nothing a person types, picks or changes is silently lost (issue 33, the editors): typed
 * times, multi-select picks then Escape, the expanded record closed with ×, the long-text popup
 * left for "+ New record", and the Add-field dialog's focus. Done with the keyboard and mouse as a
 * person does, checked against what the API returns.
 */
import { expect, test } from "@playwright/test";
import { apiRows, cell, count, createTable, edit, insertRows, options, select, setup } from "./grid-helpers";
import { addLinkByApi, openFieldList } from "./link-helpers";

test("a time typed into a Time cell is saved on Tab and Enter, in every usual spelling", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Alarms", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Alarm", uidt: "Time" },
  ]);
  const typed = ["09:45", "9:45", "9.45", "21:45", "9:45 pm"];
  await insertRows(
    request,
    token,
    projectId,
    "Alarms",
    typed.map((_, i) => ({ Title: `row ${i}` })),
  );
  await page.goto(`/nc/${projectId}/table/Alarms`);
  await expect(count(page)).toHaveText("5 records");

  await select(page, 0, "Alarm");
  await page.keyboard.type("09:45");
  await expect(page.getByTestId("date-preview")).toHaveText("Reads as 09:45:00");
  await page.keyboard.press("Tab");
  await expect(cell(page, 0, "Alarm")).toHaveText("09:45:00");
  for (const [i, text] of typed.entries()) {
    if (i === 0) continue;
    await select(page, i, "Alarm");
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
  }
  await expect
    .poll(async () => (await apiRows(request, token, projectId, "Alarms")).map((r) => r.Alarm))
    .toEqual(["09:45:00", "09:45:00", "09:45:00", "21:45:00", "21:45:00"]);
});

test("multi-select picks are saved as they are made: Escape only closes the list", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Leads", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Tags", uidt: "MultiSelect", colOptions: options(["Alpha", "Beta", "Gamma"]) },
  ]);
  await insertRows(request, token, projectId, "Leads", [{ Title: "one" }]);
  await page.goto(`/nc/${projectId}/table/Leads`);
  await expect(count(page)).toHaveText("1 record");

  await edit(page, 0, "Tags");
  const list = page.getByRole("listbox", { name: "Tags" });
  await list.getByRole("option", { name: "Alpha" }).click();
  // Typed to narrow, Enter picks.
  await page.keyboard.type("Gam");
  await page.keyboard.press("Enter");
  await expect(list.getByRole("option", { selected: true })).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(cell(page, 0, "Tags")).toHaveText("AlphaGamma");
  await expect.poll(async () => (await apiRows(request, token, projectId, "Leads"))[0]!.Tags).toBe("Alpha,Gamma");
});

test("the expanded record saves a changed field when it is closed with ×, and the change undoes", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Stock", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Qty", uidt: "Number" },
    { title: "Note", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Stock", [{ Title: "bolts", Qty: 5, Note: "as is" }]);
  await page.goto(`/nc/${projectId}/table/Stock`);
  await expect(count(page)).toHaveText("1 record");

  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await record.getByLabel("Qty").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("12");
  await record.getByRole("button", { name: "Close" }).click();
  await expect(record).toBeHidden();
  await expect(cell(page, 0, "Qty")).toHaveText("12");
  await expect.poll(async () => (await apiRows(request, token, projectId, "Stock"))[0]!.Qty).toBe(12);

  // Escape in a text box drops only what is typed there; the field left before it stays saved.
  await page.getByRole("button", { name: "Expand record 1" }).click();
  await record.getByLabel("Qty").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("13");
  await record.getByLabel("Note").click();
  await page.keyboard.type(" typed");
  await page.keyboard.press("Escape");
  await expect(record).toBeHidden();
  await expect.poll(async () => (await apiRows(request, token, projectId, "Stock"))[0]!.Qty).toBe(13);
  expect((await apiRows(request, token, projectId, "Stock"))[0]!.Note).toBe("as is");

  // Each save is on the grid's history.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await apiRows(request, token, projectId, "Stock"))[0]!.Qty).toBe(12);
});

test("the long-text popup keeps its text when “+ New record” is clicked; Ctrl+Enter saves", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Notes", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Body", uidt: "LongText" },
  ]);
  await insertRows(request, token, projectId, "Notes", [{ Title: "one" }, { Title: "two" }]);
  await page.goto(`/nc/${projectId}/table/Notes`);
  await expect(count(page)).toHaveText("2 records");

  await edit(page, 0, "Body");
  await page.keyboard.type("first line");
  await page.keyboard.press("Enter");
  await page.keyboard.type("second line");
  await page.getByRole("button", { name: "New record", exact: true }).last().click();
  await expect(page.getByRole("textbox", { name: "Body" })).toBeHidden();
  await expect(count(page)).toHaveText("3 records");
  // The keys go to the grid again, not to a hidden popup.
  await page.keyboard.type("typed");
  await page.keyboard.press("Enter");
  await expect(cell(page, 2, "Title")).toHaveText("typed");

  await edit(page, 1, "Body");
  await page.keyboard.type("by keys");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByRole("textbox", { name: "Body" })).toBeHidden();
  await expect
    .poll(async () => (await apiRows(request, token, projectId, "Notes")).map((r) => r.Body))
    .toEqual(["first line\nsecond line", "by keys", null]);
});

test("the Add-field dialog starts in the name, and “Add option” puts the cursor in the new option", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Things", [{ title: "Title", uidt: "SingleLineText" }]);
  await page.goto(`/nc/${projectId}/table/Things`);
  await expect(count(page)).toHaveText("0 records");

  const panel = await openFieldList(page);
  await panel.getByRole("button", { name: "Add field" }).click();
  const editor = page.getByRole("dialog", { name: "Add field" });
  await expect(editor.getByLabel("Field name")).toBeFocused();
  await page.keyboard.type("Colour");
  await editor.getByRole("radio", { name: "Single select", exact: true }).click();
  await editor.getByRole("button", { name: "Add option" }).click();
  await page.keyboard.type("Red");
  await editor.getByRole("button", { name: "Add option" }).click();
  await page.keyboard.type("Blue");
  await expect(editor.getByLabel("Option 1", { exact: true })).toHaveValue("Red");
  await expect(editor.getByLabel("Option 2", { exact: true })).toHaveValue("Blue");
  await editor.getByRole("button", { name: "Add field", exact: true }).click();
  await expect(editor).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.locator('[role=columnheader][data-title="Colour"]')).toBeVisible();
});

test("Enter on a link cell opens its record picker", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  const customers = await createTable(request, token, projectId, "Customers", [
    { title: "Title", uidt: "SingleLineText" },
  ]);
  const orders = await createTable(request, token, projectId, "Orders", [{ title: "Title", uidt: "SingleLineText" }]);
  await addLinkByApi(request, token, customers, "Orders", orders, "hm");
  await insertRows(request, token, projectId, "Customers", [{ Title: "Ada" }]);
  await insertRows(request, token, projectId, "Orders", [{ Title: "Pen" }]);
  await page.goto(`/nc/${projectId}/table/Customers`);
  await expect(count(page)).toHaveText("1 record");

  await select(page, 0, "Orders");
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "Link records to Orders" });
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name: "Link Pen" }).click();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(cell(page, 0, "Orders")).toContainText("Pen");
});

test("a new record's form asks before throwing away what was typed in it", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Notes", [{ title: "Title", uidt: "SingleLineText" }]);
  await page.goto(`/nc/${projectId}/table/Notes`);
  await expect(count(page)).toHaveText("0 records");
  await page.getByRole("button", { name: "New record" }).first().click();
  const form = page.getByRole("dialog", { name: "New record" });
  await form.getByLabel("Title").click();
  await page.keyboard.type("Keep me");
  // × asks rather than dropping what was typed.
  await form.getByRole("button", { name: "Close" }).click();
  const ask = page.getByRole("dialog", { name: "Discard this new record?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(form.getByLabel("Title")).toHaveValue("Keep me");
  await form.getByRole("button", { name: "Create record" }).click();
  await expect(count(page)).toHaveText("1 record");
  expect((await apiRows(request, token, projectId, "Notes")).map((r) => r.Title)).toEqual(["Keep me"]);
});
