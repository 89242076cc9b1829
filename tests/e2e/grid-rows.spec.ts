/** Grid rows end to end: delete with confirmation and undo; the expanded record, its comments and history. */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows, setup } from "./grid-helpers";

test("rows: delete after confirming and undo it; expand a record, edit it, comment, and see its history", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Tasks", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Qty", uidt: "Number" },
  ]);
  await insertRows(
    request,
    token,
    projectId,
    "Tasks",
    ["one", "two", "three"].map((Title, i) => ({ Title, Qty: i })),
  );
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await expect(count(page)).toHaveText("3 records");

  await page.locator('[role=rowheader][data-row="0"]').click();
  await page.locator('[role=rowheader][data-row="1"]').click({ modifiers: ["Shift"] });
  await page.getByRole("button", { name: "Delete 2 records" }).click();
  await page.getByRole("dialog", { name: "Delete 2 records?" }).getByRole("button", { name: "Delete records" }).click();
  await expect(count(page)).toHaveText("1 record");
  await expect(cell(page, 0, "Title")).toHaveText("three");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(count(page)).toHaveText("3 records");

  await cell(page, 0, "Title").click();
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await record.getByLabel("Qty").fill("lots");
  await record.getByRole("button", { name: "Save record" }).click();
  await expect(record.getByRole("alert")).toHaveText('Qty: "lots" is not a number');
  await record.getByLabel("Qty").fill("12");
  await record.getByRole("button", { name: "Save record" }).click();
  await expect(record).toBeHidden();
  const edited = page.locator('[role=gridcell][data-title="Qty"]', { hasText: "12" });
  await expect(edited).toHaveCount(1);

  await page
    .locator(`[role=rowheader][data-row="${await edited.getAttribute("data-row")}"]`)
    .getByRole("button")
    .click();
  await record.getByRole("textbox", { name: "New comment" }).fill("Looks right");
  await record.getByRole("button", { name: "Add comment" }).click();
  await expect(record.getByTestId("comment")).toContainText("Looks right");
  await record.getByRole("tab", { name: "History" }).click();
  await expect(record.getByTestId("history-entry").first()).toBeVisible();
});
