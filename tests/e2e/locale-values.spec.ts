/**
 * Values in the reader's language (#33): in German a decimal is typed and shown with a comma and
 * the API gets a JSON number; in Arabic a date-time keeps its left-to-right order inside the
 * mirrored grid. Expected texts come from the locale files, as in languages.spec.ts.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator } from "@playwright/test";
import { cell, createTable, edit, insertRows, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

type Messages = Record<string, unknown>;
function tr(code: string, key: string, values: Record<string, string> = {}): string {
  const messages = JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), "utf8")) as Messages;
  const found = key.split(".").reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  expect(typeof found, `${code}: ${key}`).toBe("string");
  return (found as string).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
}

test.describe("a reader in German", () => {
  test.use({ locale: "de-DE" });

  test("types 19,99 into a decimal cell, the API gets 19.99 and the record view shows 19,99", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token, projectId } = await setup(page, request);
    await createTable(request, token, projectId, "Prices", [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Price", uidt: "Decimal", meta: { precision: 2 } },
      { title: "Amount", uidt: "Currency", meta: { currency_locale: "de-DE", currency_code: "EUR" } },
    ]);
    await insertRows(request, token, projectId, "Prices", [{ Title: "one" }]);
    await page.goto(`/nc/${projectId}/table/Prices`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    await edit(page, 0, "Price");
    await page.keyboard.type("19,99");
    await page.keyboard.press("Enter");
    await expect(cell(page, 0, "Price")).toHaveText("19,99");
    await edit(page, 0, "Amount");
    await page.keyboard.type("€12,50");
    await page.keyboard.press("Enter");
    await expect(cell(page, 0, "Amount")).toHaveText(/^12,50\s€$/);

    // Text that is no number is refused in German, and nothing is written.
    await edit(page, 0, "Price");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("zwölf");
    await page.keyboard.press("Enter");
    await expect(page.getByText(tr("de", "msg.error.notANumber", { title: "Price", value: '"zwölf"' }))).toBeVisible();
    await page.keyboard.press("Escape");

    await expect
      .poll(async () => {
        const res = await request.get(`/api/v1/db/data/noco/${projectId}/Prices`, { headers: authHeaders(token) });
        const row = ((await res.json()) as { list: Record<string, unknown>[] }).list[0]!;
        return [row.Price, row.Amount];
      })
      .toEqual([19.99, 12.5]);

    await page.getByRole("button", { name: tr("de", "grid.row.expand", { n: "1" }) }).click();
    const record = page.getByRole("dialog", { name: tr("de", "grid.expanded.title", { title: "one" }) });
    await expect(record.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("19,99");
    await expect(record.getByRole("textbox", { name: "Amount", exact: true })).toHaveValue("12,5");
  });
});

/** Where the characters from..to of the element's text are drawn, left edge in px. */
const leftOf = (el: Locator, from: number, to: number) =>
  el.evaluate(
    (node, [a, b]) => {
      const range = document.createRange();
      range.setStart(node.firstChild!, a!);
      range.setEnd(node.firstChild!, b!);
      return range.getBoundingClientRect().left;
    },
    [from, to],
  );

test.describe("a reader in Arabic", () => {
  test.use({ locale: "ar" });

  test("sees a date-time in its own order inside the mirrored grid", async ({ page, request }) => {
    test.setTimeout(90_000);
    const { token, projectId } = await setup(page, request);
    await createTable(request, token, projectId, "Meetings", [
      { title: "Title", uidt: "SingleLineText" },
      { title: "When", uidt: "DateTime", meta: { date_format: "YYYY-MM-DD", time_format: "HH:mm" } },
    ]);
    await insertRows(request, token, projectId, "Meetings", [{ Title: "one", When: "2026-11-10 10:00:00+00:00" }]);
    await page.goto(`/nc/${projectId}/table/Meetings`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    const value = cell(page, 0, "When").locator("[data-value]");
    await expect(value).toHaveText("2026-11-10 10:00");
    await expect(value).toHaveAttribute("dir", "ltr");
    expect(await value.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe("isolate");
    // Drawn as written: the date to the left of the time.
    expect(await leftOf(value, 0, 10)).toBeLessThan(await leftOf(value, 11, 16));
  });
});
