/** Issue 23: a "Created by" field added in the grid shows who created each record. */
import { expect, test } from "@playwright/test";
import { cell, createTable, insertRows, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

test("adding a Created by field shows your name on the records you create", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Tasks", [
    { title: "Title", column_name: "title", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Tasks", [{ Title: "before" }]);
  const me = (await (await request.get("/api/v1/auth/user/me", { headers: authHeaders(token) })).json()) as {
    email: string;
  };

  await page.goto(`/nc/${projectId}/table/Tasks`);
  await expect(cell(page, 0, "Title")).toHaveText("before");
  await page.getByRole("button", { name: "Fields", exact: true }).click();
  await page.getByRole("dialog", { name: "Fields", exact: true }).getByRole("button", { name: "Edit fields" }).click();
  await page.getByRole("button", { name: "Add field" }).click();
  const editor = page.getByRole("dialog", { name: "Add field" });
  await editor.getByLabel("Field name").fill("Owner");
  await editor.getByRole("radio", { name: "Created by", exact: true }).click();
  await editor.getByRole("button", { name: "Add field", exact: true }).click();
  await expect(editor).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: /^Fields of / })).toBeHidden();

  // The record made before the field existed has no creator; a new one shows you.
  await expect(cell(page, 0, "Owner")).toHaveText("");
  await insertRows(request, token, projectId, "Tasks", [{ Title: "after", Owner: "someone else" }]);
  await expect(cell(page, 1, "Title")).toHaveText("after");
  await expect(cell(page, 1, "Owner")).toContainText(me.email);
  await expect(cell(page, 1, "Owner").locator(`[title="${me.email}"]`)).toBeVisible();

  // Read-only: typing into the cell changes nothing.
  await cell(page, 1, "Owner").click();
  await page.keyboard.type("x");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, "Owner")).toContainText(me.email);
  await page.keyboard.press("Escape");

  // The filter offers "Me" and the project's members; "Owner is Me" keeps only your record.
  await page.getByRole("button", { name: "Filter" }).click();
  const filters = page.getByRole("dialog", { name: "Filter" });
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await filters.getByLabel("Filter 1 field").selectOption({ label: "Owner" });
  await filters.getByLabel("Filter 1 operator").selectOption({ label: "is equal" });
  const value = filters.getByRole("combobox", { name: "Filter 1 value" });
  await expect(value.locator("option")).toContainText(["Choose an option", "Me (whoever views)", me.email]);
  await value.selectOption({ label: "Me (whoever views)" });
  await expect(cell(page, 0, "Title")).toHaveText("after");
  await expect(cell(page, 1, "Title")).toHaveCount(0);
});
