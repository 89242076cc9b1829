/**
 * Issue 35: a table deleted from the sidebar comes back from the project's trash, whole: the
 * same table opens with its rows.
 */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows } from "./grid-helpers";
import { createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("a deleted table is restored from the trash and opens with its rows", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("trash-page"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Trash page"));
  await useToken(page, token);
  await createTable(request, token, projectId, "Customers", [{ title: "Title", uidt: "SingleLineText" }]);
  await createTable(request, token, projectId, "Notes", [{ title: "Title", uidt: "SingleLineText" }]);
  await insertRows(request, token, projectId, "Customers", [{ Title: "Acme" }, { Title: "Beta" }]);

  await page.goto(`/nc/${projectId}`);
  const sidebar = page.getByTestId("project-sidebar");
  await page.getByRole("button", { name: "Delete table Customers" }).click();
  await page.getByRole("dialog", { name: "Delete table?" }).getByRole("button", { name: "Delete table" }).click();
  await expect(sidebar.getByTestId("sidebar-table")).toHaveCount(1);

  await page.getByRole("button", { name: "Trash" }).click();
  const trash = page.getByRole("dialog", { name: "Trash" });
  const entry = trash.getByTestId("trash-entry").filter({ hasText: "Customers" });
  await expect(entry).toContainText("now");
  await entry.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored: Table “Customers”")).toBeVisible();
  await expect(trash.getByText("The trash is empty.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trash).toBeHidden();

  await expect(sidebar.getByTestId("sidebar-table")).toHaveCount(2);
  await sidebar.getByTestId("sidebar-table").filter({ hasText: "Customers" }).click();
  await expect(count(page)).toHaveText("2 records");
  await expect(cell(page, 0, "Title")).toHaveText("Acme");
  await expect(cell(page, 1, "Title")).toHaveText("Beta");
});
