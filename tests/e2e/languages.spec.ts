/**
 * Languages end to end (SPEC 4, 9): a browser in German gets German; the picker switches to
 * Arabic, which mirrors the grid and keeps it working; a reload keeps the choice. Expected texts
 * come from the locale files at run time, so a better translation never breaks the test.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { cell, count, createTable, insertRows, setup } from "./grid-helpers";

type Messages = Record<string, unknown>;
const messages = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), "utf8")) as Messages;

/** A message as i18next shows it: nested key, plural suffix by Intl.PluralRules, {{values}} filled in. */
function tr(code: string, key: string, values: Record<string, string | number> = {}): string {
  const plural =
    typeof values.count === "number" ? `_${new Intl.PluralRules(code.replace("_", "-")).select(values.count)}` : "";
  const found = `${key}${plural}`
    .split(".")
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages(code));
  expect(typeof found, `${code}: ${key}${plural}`).toBe("string");
  return (found as string).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));
}

const picker = (page: Page) => page.getByTestId("language-picker");
const activeCell = (page: Page) => page.locator('[role=gridcell][data-row="0"][aria-selected="true"]');

test.describe("a browser in German", () => {
  test.use({ locale: "de-DE" });

  test("gets German on the sign-in page, and the picker there switches language", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("de", "auth.signin.heading"));
    await expect(page.getByRole("button", { name: tr("de", "auth.signin.submit"), exact: true })).toBeVisible();
    await expect(picker(page)).toHaveValue("de");

    await picker(page).selectOption("fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("fr", "auth.signin.heading"));
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("switching to Arabic mirrors the grid and keeps it working; a reload keeps the choice", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token, projectId } = await setup(page, request);
    await createTable(request, token, projectId, "Tasks", [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Notes", uidt: "SingleLineText" },
      { title: "Qty", uidt: "Number" },
      // Enough columns to scroll sideways: the mirrored grid scrolls toward the left.
      ...Array.from({ length: 10 }, (_, i) => ({ title: `C${i + 1}`, uidt: "SingleLineText" })),
    ]);
    await insertRows(
      request,
      token,
      projectId,
      "Tasks",
      ["one", "two", "three"].map((Title, i) => ({ Title, Qty: i })),
    );
    await page.goto(`/nc/${projectId}/table/Tasks`);
    await expect(count(page)).toHaveText(tr("de", "grid.count", { count: 3 }));
    await expect(page.getByRole("link", { name: tr("de", "nav.projects") })).toBeVisible();

    await picker(page).selectOption("ar");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(count(page)).toHaveText(tr("ar", "grid.count", { count: 3 }));

    // Mirrored: the row numbers on the far right, the first column left of them, the next one further left.
    const gutter = (await page.locator('[role=rowheader][data-row="0"]').boundingBox())!;
    const first = (await cell(page, 0, "Title").boundingBox())!;
    const second = (await cell(page, 0, "Notes").boundingBox())!;
    expect(first.x + first.width).toBeLessThanOrEqual(gutter.x + 1);
    expect(second.x + second.width).toBeLessThanOrEqual(first.x + 1);

    // Typing into a cell still saves; ArrowLeft goes to the next column in reading order.
    // Enter opens the editor (Playwright types Arabic as inserted text, without key events).
    await cell(page, 0, "Notes").click();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Notes", exact: true })).toBeFocused();
    await page.keyboard.type("مرحبا");
    await page.keyboard.press("Enter");
    await expect(cell(page, 0, "Notes")).toHaveText("مرحبا");
    await cell(page, 0, "Title").click();
    await expect(activeCell(page)).toHaveAttribute("data-title", "Title");
    await page.keyboard.press("ArrowLeft");
    await expect(activeCell(page)).toHaveAttribute("data-title", "Notes");
    await page.keyboard.press("ArrowLeft");
    await expect(activeCell(page)).toHaveAttribute("data-title", "Qty");
    await page.keyboard.press("ArrowRight");
    await expect(activeCell(page)).toHaveAttribute("data-title", "Notes");
    // Walking on to the last column scrolls the body leftwards and keeps the active cell in view.
    for (let i = 0; i < 11; i++) await page.keyboard.press("ArrowLeft");
    await expect(activeCell(page)).toHaveAttribute("data-title", "C10");
    await expect(activeCell(page)).toBeInViewport({ ratio: 0.9 });
    expect(await page.getByTestId("grid").evaluate((el) => el.scrollLeft)).toBeLessThan(0);
    await expect(cell(page, 0, "Title")).toBeInViewport();

    // The resize handle sits on the column's left edge now: dragging it further left widens the column.
    await page.keyboard.press("Control+ArrowRight");
    const header = page.locator('[role=columnheader][data-title="Notes"]');
    const before = (await header.boundingBox())!;
    const handle = (await header.getByRole("separator").boundingBox())!;
    expect(handle.x).toBeLessThan(before.x + 8);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - 60, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(before.width) + 60);

    await page.reload();
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(picker(page)).toHaveValue("ar");
    await expect(count(page)).toHaveText(tr("ar", "grid.count", { count: 3 }));
    await expect(cell(page, 0, "Notes")).toHaveText("مرحبا");
    const afterReload = (await cell(page, 0, "Title").boundingBox())!;
    const gutterAfter = (await page.locator('[role=rowheader][data-row="0"]').boundingBox())!;
    expect(afterReload.x).toBeLessThan(gutterAfter.x);
    await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(before.width) + 60);
  });
});
