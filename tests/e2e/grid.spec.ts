/**
 * The grid, end to end: typing into every non-virtual type, pasting a block, undo, filters and
 * sorts that persist, search, and a read-only viewer. Each test signs up its own users.
 */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, edit, insertRows, options, pick, readRow, select, setup } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("a value typed into each non-virtual type is saved and shows after a reload", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Kinds", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Notes", uidt: "LongText" },
    { title: "Done", uidt: "Checkbox" },
    { title: "Tags", uidt: "MultiSelect", colOptions: options(["Alpha", "Beta"]) },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Doing"]) },
    { title: "Due", uidt: "Date", meta: { date_format: "YYYY-MM-DD" } },
    { title: "Born", uidt: "Year" },
    { title: "Starts", uidt: "Time" },
    { title: "Phone", uidt: "PhoneNumber" },
    { title: "Mail", uidt: "Email" },
    { title: "Site", uidt: "URL" },
    { title: "Qty", uidt: "Number" },
    { title: "Ratio", uidt: "Decimal" },
    { title: "Price", uidt: "Currency" },
    { title: "Share", uidt: "Percent" },
    { title: "Took", uidt: "Duration" },
    { title: "Score", uidt: "Rating" },
    { title: "Met", uidt: "DateTime", meta: { date_format: "YYYY-MM-DD", time_format: "HH:mm" } },
    { title: "Place", uidt: "Geometry" },
    { title: "Data", uidt: "JSON" },
    { title: "Raw", uidt: "SpecificDBType" },
    { title: "Files", uidt: "Attachment" },
  ]);
  await insertRows(request, token, projectId, "Kinds", [
    { Files: [{ title: "report.pdf", url: "https://example.com/report.pdf" }] },
  ]);
  await page.goto(`/nc/${projectId}/table/Kinds`);
  await expect(count(page)).toHaveText("1 record");

  // Text-like types: Enter opens an input named after the field; Enter saves.
  const typed: Array<[string, string, string]> = [
    ["Title", "First thing", "First thing"],
    ["Born", "1999", "1999"],
    ["Phone", "+1 555 123 4567", "+1 555 123 4567"],
    ["Mail", "ann@example.com", "ann@example.com"],
    ["Site", "https://example.com/a", "https://example.com/a"],
    ["Qty", "42", "42"],
    ["Ratio", "3.5", "3.5"],
    ["Price", "12.5", "$12.50"],
    ["Share", "45", "45%"],
    ["Took", "1:30", "1:30"],
    ["Place", "POINT(1 2)", "POINT(1 2)"],
    ["Raw", "anything", "anything"],
  ];
  for (const [title, text] of typed) {
    await edit(page, 0, title);
    await page.getByRole("textbox", { name: title, exact: true }).fill(text);
    await page.keyboard.press("Enter");
  }
  // A typed character starts editing with it.
  await select(page, 0, "Notes");
  await page.keyboard.type("Line one");
  await page.keyboard.press("Control+Enter");
  await select(page, 0, "Done");
  await page.keyboard.press("Space");
  await edit(page, 0, "Status");
  await page.keyboard.type("Doing");
  await page.keyboard.press("Enter");
  await edit(page, 0, "Tags");
  await page.keyboard.type("Alpha");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Beta");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await edit(page, 0, "Due");
  await page.getByLabel("Due", { exact: true }).fill("2024-05-06");
  await page.keyboard.press("Enter");
  await edit(page, 0, "Starts");
  await page.getByLabel("Starts", { exact: true }).fill("10:30:15");
  await page.keyboard.press("Enter");
  await edit(page, 0, "Met");
  await page.getByLabel("Met", { exact: true }).fill("2024-05-06T10:30");
  await page.keyboard.press("Enter");
  await select(page, 0, "Score");
  await page.keyboard.type("4");
  await edit(page, 0, "Data");
  await page.getByRole("textbox", { name: "Data", exact: true }).fill('{"a": [1, 2]}');
  await page.keyboard.press("Control+Enter");

  // An invalid value shows the registry's message and is not saved.
  await edit(page, 0, "Mail");
  await page.getByRole("textbox", { name: "Mail", exact: true }).fill("not an address");
  await page.keyboard.press("Enter");
  await expect(page.getByText('Mail: "not an address" is not a valid e-mail address')).toBeVisible();
  await page.keyboard.press("Escape");

  const expected: Array<[string, string]> = [
    ...typed.map(([title, , shown]): [string, string] => [title, shown]),
    ["Notes", "Line one"],
    ["Status", "Doing"],
    ["Tags", "Alpha\nBeta"],
    ["Due", "2024-05-06"],
    ["Starts", "10:30:15"],
    ["Met", "2024-05-06 10:30"],
    ["Data", '{"a":[1,2]}'],
    ["Files", "report.pdf"],
  ];
  expected.push(["Done", "Checked"], ["Score", "4 of 5"]);
  const want = Object.fromEntries(expected);
  await expect.poll(async () => pick(await readRow(page, 0), Object.keys(want))).toEqual(want);
  await page.reload();
  await expect(count(page)).toHaveText("1 record");
  expect(pick(await readRow(page, 0), Object.keys(want))).toEqual(want);
});

test("a pasted 3x10 block updates rows and adds the rest in one go; undo restores the values", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Stock", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Qty", uidt: "Number" },
    { title: "Done", uidt: "Checkbox" },
  ]);
  await insertRows(
    request,
    token,
    projectId,
    "Stock",
    Array.from({ length: 4 }, (_, i) => ({ Title: `old ${i}`, Qty: i, Done: false })),
  );
  await page.goto(`/nc/${projectId}/table/Stock`);
  await expect(count(page)).toHaveText("4 records");

  const tsv = Array.from({ length: 10 }, (_, i) => `new ${i}\t${i * 10}\t${i % 2 === 0 ? "yes" : "no"}`).join("\n");
  await cell(page, 0, "Title").click();
  const bulk = page.waitForRequest((r) => r.url().includes("/api/v1/db/data/bulk/") && r.method() === "PATCH");
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, tsv);
  expect(((await bulk).postDataJSON() as unknown[]).length).toBe(4);
  await expect(count(page)).toHaveText("10 records");
  await expect(cell(page, 0, "Title")).toHaveText("new 0");
  await expect(cell(page, 9, "Title")).toHaveText("new 9");
  await expect(cell(page, 9, "Qty")).toHaveText("90");
  await expect(cell(page, 8, "Done").getByRole("img")).toHaveAccessibleName("Checked");

  await page.getByTestId("grid").focus();
  await page.keyboard.press("Control+z");
  await expect(count(page)).toHaveText("4 records");
  for (let i = 0; i < 4; i++) {
    await expect(cell(page, i, "Title")).toHaveText(`old ${i}`);
    await expect(cell(page, i, "Qty")).toHaveText(String(i));
  }
  await page.keyboard.press("Control+Shift+z");
  await expect(count(page)).toHaveText("10 records");
  await page.reload();
  await expect(cell(page, 3, "Title")).toHaveText("new 3");
});

test("filters and sorts change what is shown and survive a reload; search finds a row", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Fruit", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Qty", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Fruit", [
    { Title: "apple", Qty: 3 },
    { Title: "banana", Qty: 1 },
    { Title: "cherry", Qty: 7 },
    { Title: "damson", Qty: 5 },
  ]);
  await page.goto(`/nc/${projectId}/table/Fruit`);
  await expect(count(page)).toHaveText("4 records");

  await page.getByRole("button", { name: "Filter" }).click();
  const filters = page.getByRole("dialog", { name: "Filter" });
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await filters.getByLabel("Filter 1 field").selectOption({ label: "Qty" });
  await filters.getByLabel("Filter 1 operator").selectOption({ label: ">" });
  await filters.getByLabel("Filter 1 value").fill("2");
  await expect(count(page)).toHaveText("3 records");
  await page.keyboard.press("Escape");

  const saved = page.waitForResponse((r) => r.url().includes("/sorts") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Sort" }).click();
  const sorts = page.getByRole("dialog", { name: "Sort" });
  await sorts.getByRole("button", { name: "Add sort" }).click();
  await sorts.getByLabel("Sort 1 field").selectOption({ label: "Qty" });
  await sorts.getByLabel("Sort 1 direction").selectOption({ label: "Descending" });
  await expect(cell(page, 0, "Title")).toHaveText("cherry");
  await page.keyboard.press("Escape");

  // Saved to the view (filterAutoSave is on by default): a reload shows the same.
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(count(page)).toHaveText("3 records");
  await expect(cell(page, 0, "Title")).toHaveText("cherry");
  await expect(cell(page, 1, "Title")).toHaveText("damson");
  await expect(cell(page, 2, "Title")).toHaveText("apple");

  await page.getByRole("searchbox", { name: "Search Title" }).fill("dams");
  await expect(count(page)).toHaveText("1 record");
  await expect(cell(page, 0, "Title")).toHaveText("damson");
});

test("a viewer sees the records but cannot edit, add, paste or delete", async ({ page, request }) => {
  const owner = await signUpByApi(request, uniqueEmail("owner"));
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Shared"));
  await createTable(request, owner, projectId, "Notes", [{ title: "Title", uidt: "SingleLineText" }]);
  await insertRows(request, owner, projectId, "Notes", [{ Title: "keep me" }]);
  const viewerEmail = uniqueEmail("viewer");
  const viewer = await signUpByApi(request, viewerEmail);
  const invite = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
    headers: authHeaders(owner),
    data: { email: viewerEmail, roles: "viewer" },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  await useToken(page, viewer);
  await page.goto(`/nc/${projectId}/table/Notes`);
  await expect(cell(page, 0, "Title")).toHaveText("keep me");

  await expect(page.getByRole("button", { name: "New record" })).toHaveCount(0);
  await cell(page, 0, "Title").dblclick();
  await page.keyboard.type("changed");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveCount(0);
  await page.keyboard.press("Delete");
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text/plain", "pasted");
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByText("You can view these records but not change them.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete \d+ record/ })).toHaveCount(0);
  await page.reload();
  await expect(cell(page, 0, "Title")).toHaveText("keep me");

  // The expanded record is read-only too, and a viewer may not comment.
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const expanded = page.getByRole("dialog", { name: "Record keep me" });
  await expect(expanded.getByRole("button", { name: "Save record" })).toHaveCount(0);
  await expect(expanded.getByRole("textbox", { name: "New comment" })).toHaveCount(0);
});
