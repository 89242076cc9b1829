/**
 * Small faults new users met (issue 33 item 11, issue 42 item 16): the grid on a 375 px screen,
 * the footer's delete before any selection, the bottom "+" when a field is required, an empty
 * attachment cell, a gallery's cards in a row, a locked view's column menu for an editor, and
 * longer languages' type names and placeholders. (The calendar's weekday names are checked in
 * calendar-ranges.spec.ts, the share dialog's password state in sharing.spec.ts.)
 */
import { expect, test, type Locator } from "@playwright/test";
import { cell, count, createTable, insertRows, setup } from "./grid-helpers";
import { authHeaders, signUpByApi, uniqueEmail, useToken } from "./helpers";

const M = "/api/v1/db/meta";
// Each fault is checked softly: on a regression the report names every one that came back.

/** Whether an element's own text is cut (ellipsis or overflow) rather than shown whole. */
const isCut = (el: Locator) => el.evaluate((e) => e.scrollWidth > e.clientWidth + 1);

test("a new user's grid: phone width, no delete before a selection, required fields, attachment hint, gallery, locked menu", async ({
  page,
  request,
  browser,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Tasks", [
    { title: "Title", uidt: "SingleLineText", rqd: true },
    { title: "Notes", uidt: "SingleLineText" },
    { title: "Files", uidt: "Attachment" },
    { title: "Owner", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Tasks", [
    { Title: "Plan", Notes: "first", Owner: "Ada" },
    { Title: "Ship", Owner: "Bo" },
  ]);

  // At 375 px "New record" stays on screen, on one line.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await expect(count(page)).toHaveText("2 records");
  const newRecord = page.getByRole("button", { name: "New record" }).first();
  const box = (await newRecord.boundingBox())!;
  expect.soft(box.x + box.width).toBeLessThanOrEqual(375);
  expect.soft(box.height).toBeLessThan(40);
  await page.setViewportSize({ width: 1280, height: 800 });

  // No red "Delete 1 record" before the reader selects anything; selecting a cell offers it.
  await expect.soft(page.getByRole("button", { name: /^Delete \d+ records?$/ })).toHaveCount(0);
  await cell(page, 1, "Notes").click();
  await expect(page.getByRole("button", { name: "Delete 1 record" })).toBeVisible();

  // An empty attachment cell says how to fill it on hover (and when selected), not before.
  const hint = cell(page, 0, "Files").getByTestId("attachment-add-hint");
  await expect(hint).toBeHidden();
  await cell(page, 0, "Files").hover();
  await expect.soft(hint).toHaveText("Add files");

  // Title is required: the bottom "+" opens the record form instead of posting an empty record.
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/v1/db/data/")) posted = true;
  });
  await page.getByTestId("grid").getByRole("button", { name: "New record" }).click();
  const form = page.getByRole("dialog");
  await expect.soft(form).toBeVisible();
  expect.soft(posted).toBe(false);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  // A gallery's cards in a row line up field by field, whichever values are empty.
  const gallery = await request.post(`${M}/tables/${tableId}/galleries`, {
    headers: authHeaders(token),
    data: { title: "Cards" },
  });
  expect(gallery.status(), await gallery.text()).toBe(200);
  await page.goto(`/nc/${projectId}/table/Tasks/Cards`);
  const cards = page.getByTestId("gallery-card");
  await expect(cards).toHaveCount(2);
  const ownerTop = async (i: number) => (await cards.nth(i).getByText("Owner", { exact: true }).boundingBox())!.y;
  await expect(cards.nth(1)).toContainText("Bo");
  expect.soft(Math.abs((await ownerTop(0)) - (await ownerTop(1)))).toBeLessThan(1);

  // An editor on a locked view: the column menu says the view is locked rather than opening empty.
  const editorEmail = uniqueEmail("editor");
  const editor = await signUpByApi(request, editorEmail);
  const invite = await request.post(`${M}/projects/${projectId}/users`, {
    headers: authHeaders(token),
    data: { email: editorEmail, roles: "editor" },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const views = (await (await request.get(`${M}/tables/${tableId}/views`, { headers: authHeaders(token) })).json()) as {
    list: Array<{ id: string; type: number }>;
  };
  const grid = views.list.find((v) => v.type === 3)!;
  const lock = await request.patch(`${M}/views/${grid.id}`, {
    headers: authHeaders(token),
    data: { lock_type: "locked" },
  });
  expect(lock.status(), await lock.text()).toBe(200);
  const context = await browser.newContext();
  const editorPage = await context.newPage();
  await useToken(editorPage, editor);
  await editorPage.goto(`/nc/${projectId}/table/Tasks`);
  await expect(count(editorPage)).toHaveText("2 records");
  await editorPage.getByRole("button", { name: "Field menu Notes" }).click();
  await expect
    .soft(editorPage.getByTestId("column-menu-locked"))
    .toHaveText("This view is locked: its sorting and field layout stay as set");
  await context.close();
});

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });

  test("the search placeholder is shown whole", async ({ page, request }) => {
    const { token, projectId } = await setup(page, request);
    await createTable(request, token, projectId, "Taches", [{ title: "Titre", uidt: "SingleLineText" }]);
    await page.goto(`/nc/${projectId}/table/Taches`);
    // The placeholder fits its box: its text is no wider than the box's inside.
    const search = page.getByPlaceholder("Rechercher des enregistrements");
    const room = await search.evaluate((el) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inside = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inside - ctx.measureText((el as HTMLInputElement).placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);
  });
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("type names are shown whole", async ({ page, request }) => {
    const { token, projectId } = await setup(page, request);
    await createTable(request, token, projectId, "Aufgaben", [{ title: "Titel", uidt: "SingleLineText" }]);
    await page.goto(`/nc/${projectId}/table/Aufgaben`);
    await expect(count(page)).toHaveText("0 Datensätze");

    await page.getByRole("button", { name: "Feldmenü Titel" }).click();
    await page.getByRole("menuitem", { name: "Feld bearbeiten" }).click();
    const dialog = page.getByRole("dialog");
    const link = dialog.getByRole("radio", { name: "Verknüpfung zu anderem Datensatz", exact: true });
    await expect(link).toBeVisible();
    expect(await isCut(link.locator("span").last())).toBe(false);
    await expect(link).toContainText("Verknüpfung zu anderem Datensatz");
  });
});
