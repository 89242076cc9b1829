/**
 * Issue 35: a table deleted from the sidebar comes back from the project's trash, whole: the
 * same table opens with its rows.
 */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

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

test("a deleted dashboard is restored from the trash with its widgets", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("trash-dash"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Trash dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [{ title: "Title", uidt: "SingleLineText" }]);
  await insertRows(request, token, projectId, "Sales", [{ Title: "a" }, { Title: "b" }, { Title: "c" }]);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Board" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
    headers: authHeaders(token),
    data: { type: "number", title: "Count", table_id: tableId, config: { y: [{ agg: "count" }] } },
  });
  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);

  const dashboards = page.getByTestId("sidebar-dashboards");
  const link = dashboards.getByRole("link", { name: "Board" });
  await link.hover();
  await dashboards.getByRole("button", { name: "Delete dashboard" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete dashboard" });
  await expect(confirm).toContainText("moved to the trash");
  await confirm.getByRole("button", { name: "Delete dashboard" }).click();
  await expect(link).toHaveCount(0);

  await page.getByRole("button", { name: "Trash" }).click();
  const trash = page.getByRole("dialog", { name: "Trash" });
  const entry = trash.getByTestId("trash-entry").filter({ hasText: "Board" });
  await expect(entry.getByLabel("Dashboard")).toBeVisible();
  await entry.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored: Dashboard “Board”")).toBeVisible();
  await expect(trash.getByText("The trash is empty.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trash).toBeHidden();

  await link.click();
  await expect(page.getByRole("heading", { name: "Board" })).toBeVisible();
  await expect(page.getByTestId("kpi-value")).toHaveText("3");
});
