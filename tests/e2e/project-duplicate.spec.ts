/** Duplicate a project from the home page (issue 35): the copy opens with its table and rows. */
import { expect, test } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("duplicating a project from its card opens the copy with its rows", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("dup"));
  const title = uniqueTitle("Shop");
  const projectId = await createProjectByApi(request, token, title);
  const table = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: { table_name: "Items", columns: [{ title: "Name" }] },
  });
  expect(table.status()).toBe(200);
  const rows = await request.post(`/api/v1/db/data/bulk/noco/${projectId}/Items`, {
    headers: authHeaders(token),
    data: [{ Name: "Alpha" }, { Name: "Beta" }],
  });
  expect(rows.status()).toBe(200);

  await useToken(page, token);
  await page.goto("/");
  await page.getByRole("button", { name: `Duplicate project ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate project" });
  const name = dialog.getByLabel("Name of the copy");
  await expect(name).toHaveValue(`${title} (copy)`);
  await name.press("ControlOrMeta+a");
  await page.keyboard.type(`${title} twin`);
  await dialog.getByRole("button", { name: "Duplicate" }).click();

  await expect(page.getByText(`Project duplicated as “${title} twin”`)).toBeVisible();
  await expect(page).toHaveURL(/\/nc\/p_[0-9a-z]+/);
  const copyId = new URL(page.url()).pathname.split("/")[2]!;
  expect(copyId).not.toBe(projectId);
  await expect(page.getByRole("heading", { level: 1, name: `${title} twin` })).toBeVisible();
  await page.goto(`/nc/${copyId}/table/Items`);
  await expect(page.getByText("Alpha", { exact: true })).toBeVisible();
  await expect(page.getByText("Beta", { exact: true })).toBeVisible();
});
