/**
 * The grid footer's aggregates (issue 38): a person picks "Sum" for a number column under
 * Summaries, sees the sum of the records, filters the grid from the search box and sees the sum of
 * the records left; the choice is kept with the view (it is there after a reload).
 */
import { expect, test } from "@playwright/test";
import { createTable, insertRows, options, setup } from "./grid-helpers";

test("pick a column's sum in the footer; it follows the filter and stays with the view", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Deals", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Done"]) },
    { title: "Amount", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Deals", [
    { Name: "Alpha", Status: "Todo", Amount: 10 },
    { Name: "Beta", Status: "Done", Amount: 32 },
    { Name: "Gamma", Status: "Done", Amount: 100 },
  ]);
  await page.goto(`/nc/${projectId}/table/Deals`);
  await expect(page.getByTestId("grid").getByText("Gamma")).toBeVisible();

  // Keyboard: open Summaries, choose Sum for Amount.
  const summaries = page.getByText("Summaries");
  await summaries.focus();
  await page.keyboard.press("Enter");
  const pick = page.getByLabel("Summary of Amount");
  await pick.focus();
  await pick.selectOption({ label: "Sum" });
  const cell = page.getByTestId("grid-aggregate-Amount");
  await expect(cell).toContainText("142");

  // Searching the grid narrows the sum to the records left.
  await page.getByRole("searchbox", { name: "Search Name" }).click();
  await page.keyboard.type("Beta");
  await expect(cell).toContainText("32");

  // Kept with the view.
  await page.reload();
  await expect(page.getByTestId("grid-aggregate-Amount")).toContainText("142");
});
