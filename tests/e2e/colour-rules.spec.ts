/**
 * Colour rules (issue 37): a person colours a grid's rows by a condition from the toolbar's
 * Colour menu (Amount > 100 red), sees the tint on the rows that match, changes a value and the
 * tint follows; the rule is kept with the view.
 */
import { expect, test } from "@playwright/test";
import { cell, createTable, edit, insertRows, setup } from "./grid-helpers";

test("colour rows by a condition, and the tint follows a changed value", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Deals", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Amount", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Deals", [
    { Title: "Small", Amount: 50 },
    { Title: "Big", Amount: 150 },
    { Title: "Mid", Amount: 90 },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/nc/${projectId}/table/Deals`);
  const grid = page.getByTestId("grid");
  await expect(grid.getByText("Mid")).toBeVisible();
  await expect(cell(page, 1, "Title")).not.toHaveAttribute("data-colour");

  await page.getByRole("button", { name: "Colour rules" }).click();
  await page.getByRole("button", { name: "Add a colour rule" }).click();
  await expect(page.getByLabel("Rule 1 colour", { exact: true })).toHaveValue("red");
  await page.getByRole("button", { name: "Add filter", exact: true }).click();
  const field = page.getByLabel("Filter 1 field");
  await field.focus();
  await field.selectOption({ label: "Amount" });
  await page.getByLabel("Filter 1 operator").selectOption({ label: ">" });
  await page.getByLabel("Filter 1 value").click();
  await page.keyboard.type("100");
  await page.getByRole("button", { name: "Save colours" }).click();
  await expect(page.getByText("Colours saved")).toBeVisible();

  // Big (row 2) is tinted red across its cells; the others are not.
  await expect(cell(page, 1, "Title")).toHaveAttribute("data-colour", "red");
  await expect(cell(page, 1, "Amount")).toHaveAttribute("data-colour", "red");
  await expect(cell(page, 1, "Title")).toHaveCSS("background-color", "rgb(254, 226, 226)");
  await expect(cell(page, 0, "Title")).not.toHaveAttribute("data-colour");
  await expect(cell(page, 2, "Title")).not.toHaveAttribute("data-colour");

  // Small's amount becomes 200: it turns red; Big's becomes 10: it loses its tint.
  await edit(page, 0, "Amount");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("200");
  await page.keyboard.press("Enter");
  await expect(cell(page, 0, "Title")).toHaveAttribute("data-colour", "red");
  await edit(page, 1, "Amount");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("10");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "Title")).not.toHaveAttribute("data-colour");

  // Kept with the view: a fresh page shows the same tints.
  await page.reload();
  await expect(cell(page, 0, "Title")).toHaveAttribute("data-colour", "red");
  await expect(cell(page, 1, "Title")).not.toHaveAttribute("data-colour");
});

test("group a grid by a date by month", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Plans", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Due", uidt: "Date" },
  ]);
  await insertRows(request, token, projectId, "Plans", [
    { Title: "A", Due: "2024-01-03" },
    { Title: "B", Due: "2024-01-31" },
    { Title: "C", Due: "2024-02-29" },
    { Title: "D", Due: "2024-01-15" },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/nc/${projectId}/table/Plans`);
  await expect(page.getByTestId("grid").getByText("D", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Group", exact: true }).click();
  await page.getByRole("button", { name: "Add group" }).click();
  const field = page.getByLabel("Group 1 field");
  await field.focus();
  await field.selectOption({ label: "Due" });
  // The month is saved as a grid-column patch; the reload below waits for it (a page already
  // idle once does not wait again for "networkidle").
  const monthSaved = page.waitForResponse(
    (r) =>
      r.request().method() === "PATCH" &&
      r.url().includes("/grid-columns/") &&
      (r.request().postData() ?? "").includes('"month"'),
  );
  await page.getByLabel("Group 1 date by").selectOption({ label: "Month" });
  await page.keyboard.press("Escape");
  const headers = page.getByTestId("group-header");
  const header = (value: string) => headers.filter({ has: page.getByRole("button", { name: `Due: ${value}` }) });
  await expect(headers).toHaveCount(2);
  await expect(header("2024-01").getByTestId("group-count")).toHaveText("3");
  await expect(header("2024-02").getByTestId("group-count")).toHaveText("1");
  // Kept with the view once the level's changes are saved.
  expect((await monthSaved).ok()).toBe(true);
  await page.reload();
  await expect(header("2024-01").getByTestId("group-count")).toHaveText("3");
});
