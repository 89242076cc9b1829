/**
 * Project snapshots (issue 35), end to end: an owner takes a snapshot from the project settings,
 * restores it as a new project, and the new project opens with the table and its records.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  authHeaders,
  createProjectByApi,
  createTableByApi,
  expectPath,
  signUpByApi,
  uniqueEmail,
  uniqueTitle,
  useToken,
} from "./helpers";

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Project navigation" });

test("a snapshot taken in the settings restores as a new project that opens with its table and records", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("snapshots"));
  const title = uniqueTitle("Stock");
  const projectId = await createProjectByApi(request, token, title);
  await createTableByApi(request, token, projectId, "Parts");
  const rows = await request.post(`/api/v1/db/data/bulk/noco/${projectId}/Parts`, {
    headers: authHeaders(token),
    data: [{ Title: "Bolt" }, { Title: "Washer" }],
  });
  expect(rows.status(), await rows.text()).toBe(200);
  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);

  await page.getByRole("button", { name: "Project settings" }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await settings.getByRole("button", { name: "Snapshots" }).click();
  // The first write of the day took the daily automatic snapshot.
  const list = settings.getByRole("list", { name: "Snapshots" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("Daily snapshot");
  await expect(list.getByRole("listitem")).toContainText("Automatic");
  await settings.getByLabel("Snapshot name").click();
  await page.keyboard.type("Before stocktaking");
  await settings.getByRole("button", { name: "Take snapshot" }).click();
  await expect(page.getByText('Snapshot "Before stocktaking" taken')).toBeVisible();
  const item = list.getByRole("listitem").filter({ hasText: "Before stocktaking" });
  await expect(item).toContainText("Manual");
  await expect(item).toContainText("Records: 2");

  await item.getByRole("button", { name: "Restore as new project" }).click();
  await expect(page.getByText("Snapshot restored as a new project")).toBeVisible();
  await expectPath(page, /^\/nc\/p_[0-9a-z]{14}/);
  expect(page.url()).not.toContain(projectId);
  await sidebar(page).getByRole("link", { name: "Parts", exact: true }).click();
  await expect(page.getByText("Bolt", { exact: true })).toBeVisible();
  await expect(page.getByText("Washer", { exact: true })).toBeVisible();
});
