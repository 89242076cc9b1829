/**
 * What a new user tripped over in the grid (issue 15, items 1-4 and 7-9), done as they did it:
 * typed dates and the calendar, multi-select choices, the inline new record, link cells,
 * Shift+click, the filter menus, a search without matches, and the XLSX column order.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { active, apiRows, cell, count, createTable, edit, insertRows, options, select, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

/** The text the grid would put on the clipboard for Ctrl+C (the copy event it answers). */
const copied = (page: Page) =>
  page.evaluate(() => {
    const data = new DataTransfer();
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }),
    );
    return data.getData("text/plain");
  });

test("dates: every SPEC 5 format typed into Date and DateTime cells, a live preview, and the calendar", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Plans", [
    { title: "Title", uidt: "SingleLineText" },
    // Fixed formats: a date field without one is shown in the reader's language (languages issue).
    { title: "Due", uidt: "Date", meta: { date_format: "YYYY-MM-DD" } },
    { title: "Day", uidt: "Date", meta: { date_format: "DD/MM/YYYY" } },
    { title: "Met", uidt: "DateTime", meta: { date_format: "YYYY-MM-DD", time_format: "HH:mm" } },
  ]);
  await insertRows(
    request,
    token,
    projectId,
    "Plans",
    Array.from({ length: 9 }, (_, i) => ({ Title: `row ${i}` })),
  );
  await page.goto(`/nc/${projectId}/table/Plans`);
  await expect(count(page)).toHaveText("9 records");

  // What the user did: select the cell, type, press Enter. The editor reads as it goes.
  await select(page, 0, "Due");
  await page.keyboard.type("2024-03-0");
  await expect(page.getByTestId("date-preview")).toHaveText(
    "Not a date yet: use YYYY-MM-DD, DD-MM-YYYY or MM-DD-YYYY with -, / or spaces",
  );
  await page.keyboard.type("5");
  await expect(page.getByTestId("date-preview")).toHaveText("Reads as 2024-03-05");
  // Never the browser's native date input.
  await expect(page.locator("input[type=date], input[type=datetime-local]")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Due")).toHaveText("2024-03-05");

  // Every SPEC 5 format, typed into a fresh row each (the column is month-first by default).
  const formats: Array<[string, string]> = [
    ["2024/03/05", "2024-03-05"],
    ["2024 03 05", "2024-03-05"],
    ["03-05-2024", "2024-03-05"],
    ["03/05/2024", "2024-03-05"],
    ["03 05 2024", "2024-03-05"],
    ["25-12-2024", "2024-12-25"],
    ["25/12/2024 10:30", "2024-12-25"],
    ["2024-12-25 10:30:15.250", "2024-12-25"],
  ];
  for (const [i, [typed]] of formats.entries()) {
    await select(page, i + 1, "Due");
    await page.keyboard.type(typed);
    await page.keyboard.press("Enter");
  }
  // The column's own format, day first.
  await select(page, 0, "Day");
  await page.keyboard.type("05/03/2024");
  await expect(page.getByTestId("date-preview")).toHaveText("Reads as 05/03/2024");
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Day")).toHaveText("05/03/2024");

  // DateTime: the typed instant is saved, not the current time.
  await select(page, 0, "Met");
  await page.keyboard.type("2024-03-05 14:30");
  await expect(page.getByTestId("date-preview")).toHaveText("Reads as 2024-03-05 14:30");
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Met")).toHaveText("2024-03-05 14:30");
  await select(page, 1, "Met");
  await page.keyboard.type("05/03/2024 09:15:30");
  await page.keyboard.press("Enter");

  // Text that is no date says so and saves nothing.
  await select(page, 2, "Met");
  await page.keyboard.type("next week");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Met: "next week" is not a date and time/)).toBeVisible();
  await page.keyboard.press("Escape");

  // The calendar, by keyboard: ArrowDown enters it on the cell's day, arrows move, Enter picks.
  await edit(page, 0, "Due");
  const calendar = page.getByRole("grid", { name: "Calendar of Due" });
  await expect(calendar).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Due")).toHaveText("2024-03-13");
  // ... and by mouse, in the DateTime cell, keeping the typed time.
  await edit(page, 0, "Met");
  await page
    .getByRole("grid", { name: "Calendar of Met" })
    .getByRole("gridcell", { name: /March 20, 2024/ })
    .click();
  await expect(page.getByRole("textbox", { name: "Met", exact: true })).toHaveValue("2024-03-20 14:30");
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Met")).toHaveText("2024-03-20 14:30");

  const rows = await apiRows(request, token, projectId, "Plans");
  expect(rows.map((r) => r.Due)).toEqual(["2024-03-13", ...formats.map(([, api]) => api)]);
  expect(rows[0]).toMatchObject({ Day: "2024-03-05", Met: "2024-03-20 14:30:00+00:00" });
  expect(rows[1]!.Met).toBe("2024-05-03 09:15:30+00:00");
  expect(rows[2]!.Met).toBeNull();
});

test("multi-select saves on click-away and each pick; the new record takes typing; links and Shift+click select", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Leads", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Tags", uidt: "MultiSelect", colOptions: options(["Alpha", "Beta", "Gamma"]) },
    { title: "Site", uidt: "URL" },
    { title: "Mail", uidt: "Email" },
  ]);
  const site = `${baseURL}/api/v1/health`;
  await insertRows(request, token, projectId, "Leads", [
    { Title: "one", Site: site, Mail: "ann@example.com" },
    { Title: "two" },
    { Title: "three" },
  ]);
  await page.goto(`/nc/${projectId}/table/Leads`);
  await expect(count(page)).toHaveText("3 records");

  // Item 2: click two options, then another cell: saved, and the popup is gone.
  await edit(page, 0, "Tags");
  const list = page.getByRole("listbox", { name: "Tags" });
  await list.getByRole("option", { name: "Alpha" }).click();
  await list.getByRole("option", { name: "Beta" }).click();
  await cell(page, 1, "Title").click();
  await expect(list).toBeHidden();
  await expect(cell(page, 0, "Tags")).toHaveText("AlphaBeta");
  await expect(active(page, 1)).toHaveAttribute("data-title", "Title");
  await expect.poll(async () => (await apiRows(request, token, projectId, "Leads"))[0]!.Tags).toBe("Alpha,Beta");
  // Each pick is saved as it is made: Escape only closes the list (issue 33).
  await edit(page, 0, "Tags");
  await list.getByRole("option", { name: "Gamma" }).click();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(cell(page, 0, "Tags")).toHaveText("AlphaBetaGamma");
  // The expanded record shows the choices, the list opens only when asked.
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await expect(record.getByRole("button", { name: "Choose options of Tags" })).toContainText("AlphaBetaGamma");
  await expect(record.getByRole("listbox", { name: "Tags" })).toHaveCount(0);
  await record.getByRole("button", { name: "Choose options of Tags" }).click();
  await expect(record.getByRole("listbox", { name: "Tags" })).toBeVisible();
  await record.getByRole("button", { name: "Choose options of Tags" }).click();
  await expect(record.getByRole("listbox", { name: "Tags" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(record).toBeHidden();

  // Item 3: "+ New record", then typing goes into the new row's first cell; Space adds no rows.
  await page.getByRole("button", { name: "New record", exact: true }).last().click();
  await expect(count(page)).toHaveText("4 records");
  await expect(active(page, 3)).toHaveAttribute("data-title", "Title");
  await page.keyboard.type("Typed in");
  await page.keyboard.press("Enter");
  await expect(cell(page, 3, "Title")).toHaveText("Typed in");
  await select(page, 3, "Tags");
  await page.keyboard.press("Space");
  await page.keyboard.press("Escape");
  await expect(count(page)).toHaveText("4 records");

  // Item 4: a click on a link cell selects it (Ctrl+C copies it); the icon and Ctrl+click open it.
  let opened = 0;
  page.context().on("page", () => (opened += 1));
  await select(page, 0, "Title");
  await cell(page, 0, "Site").getByText(site).click();
  await expect(active(page, 0)).toHaveAttribute("data-title", "Site");
  expect(await copied(page)).toBe(site);
  await cell(page, 0, "Mail").getByText("ann@example.com").click();
  await expect(active(page, 0)).toHaveAttribute("data-title", "Mail");
  expect(await copied(page)).toBe("ann@example.com");
  expect(opened).toBe(0);
  await expect(cell(page, 0, "Site").getByRole("link", { name: `Open ${site}` })).toHaveAttribute("href", site);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    cell(page, 0, "Site")
      .getByText(site)
      .click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect.poll(() => popup.url()).toBe(site);
  await popup.close();

  // Item 9: Shift+click selects a range of cells and no page text.
  await cell(page, 0, "Title").click();
  await cell(page, 2, "Title").click({ modifiers: ["Shift"] });
  await expect(page.locator('[role=gridcell][data-title="Title"][aria-selected="true"]')).toHaveCount(3);
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toBe("");
});

test("filters list each operator once and offer select options; an empty search says so; XLSX keeps the view's order", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Stock", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Qty", uidt: "Number" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Doing", "Done"]) },
    { title: "Due", uidt: "DateTime" },
  ]);
  await insertRows(request, token, projectId, "Stock", [
    { Title: "apple", Qty: 3, Status: "Todo", Due: "2024-01-02 12:00:00" },
    { Title: "pear", Qty: 1, Status: "Done" },
    { Title: "plum", Qty: 7, Status: "Done" },
  ]);
  // The view shows Status before Qty.
  const meta = (await (
    await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers: authHeaders(token) })
  ).json()) as { columns: { id: string; title: string }[]; views: { id: string }[] };
  const viewId = meta.views[0]!.id;
  const gridColumns = (await (
    await request.get(`/api/v1/db/meta/grids/${viewId}/grid-columns`, { headers: authHeaders(token) })
  ).json()) as { list?: { id: string; fk_column_id: string }[] } | { id: string; fk_column_id: string }[];
  const gcs = Array.isArray(gridColumns) ? gridColumns : gridColumns.list!;
  const byTitle = (title: string) =>
    gcs.find((g) => g.fk_column_id === meta.columns.find((c) => c.title === title)!.id)!.id;
  for (const [title, order] of [
    ["Title", 1],
    ["Status", 2],
    ["Qty", 3],
  ] as const) {
    const res = await request.patch(`/api/v1/db/meta/grid-columns/${byTitle(title)}`, {
      headers: authHeaders(token),
      data: { order },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto(`/nc/${projectId}/table/Stock`);
  await expect(count(page)).toHaveText("3 records");

  await page.getByRole("button", { name: "Filter" }).click();
  const filters = page.getByRole("dialog", { name: "Filter" });
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await filters.getByLabel("Filter 1 field").selectOption({ label: "Qty" });
  const opLabels = await filters.getByLabel("Filter 1 operator").locator("option").allTextContents();
  expect(opLabels.filter((l) => l.startsWith(">="))).toEqual([">="]);
  expect(opLabels.filter((l) => l.startsWith("<="))).toEqual(["<="]);
  await filters.getByLabel("Filter 1 field").selectOption({ label: "Status" });
  await filters.getByLabel("Filter 1 operator").selectOption({ label: "is equal" });
  const value = filters.getByRole("combobox", { name: "Filter 1 value" });
  expect(await value.locator("option").allTextContents()).toEqual(["Choose an option", "Todo", "Doing", "Done"]);
  await value.selectOption("Done");
  await expect(count(page)).toHaveText("2 records");
  await filters.getByRole("button", { name: "Remove filter 1" }).click();
  await expect(count(page)).toHaveText("3 records");
  await page.keyboard.press("Escape");

  // A search that finds nothing says so, and offers to clear it.
  const search = page.getByRole("searchbox", { name: "Search Title" });
  await search.fill("zzz");
  await expect(page.getByRole("status").filter({ hasText: "No records match “zzz”." })).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(count(page)).toHaveText("3 records");
  await expect(search).toHaveValue("");

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Download Excel (.xlsx)" }).click(),
  ]);
  const book = XLSX.read(readFileSync((await download.path())!), { type: "buffer", cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const header = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]!;
  expect(header.filter((h) => ["Title", "Status", "Qty"].includes(h))).toEqual(["Title", "Status", "Qty"]);
  // Typed cells (issue #33 item 12): numbers are numbers, a date-time a real Excel date.
  const cell = (title: string) => sheet[XLSX.utils.encode_cell({ r: 1, c: header.indexOf(title) })];
  expect(cell("Qty")).toMatchObject({ t: "n", v: 3 });
  expect(cell("Due")).toMatchObject({ t: "n", v: 45293.5, z: "yyyy-mm-dd hh:mm:ss" });
});
