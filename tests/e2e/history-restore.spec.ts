/** Issue #35: a record's history shows old → new per field and restores a whole earlier version. */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows, select, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

test("restore this version: two typed edits, the history shows old → new, the first version comes back in the grid", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Notes", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Body", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Notes", [{ Title: "note", Body: "draft" }]);
  const row = `/api/v1/db/data/noco/${projectId}/Notes/1`;
  const body = async () =>
    ((await (await request.get(row, { headers: authHeaders(token) })).json()) as { Body: string }).Body;

  await page.goto(`/nc/${projectId}/table/Notes`);
  await expect(count(page)).toHaveText("1 record");
  for (const text of ["first", "second"]) {
    await select(page, 0, "Body");
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    await expect.poll(body).toBe(text);
  }
  await expect(cell(page, 0, "Body")).toHaveText("second");

  await cell(page, 0, "Title").click();
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await record.getByRole("tab", { name: "History" }).click();
  const entries = record.getByTestId("history-entry");
  await expect(entries.nth(0)).toContainText("Body: first → second");
  await expect(entries.nth(1)).toContainText("Body: draft → first");
  // The newest entry is the record as it is: nothing to restore there.
  await expect(entries.nth(0).getByTestId("restore-version")).toHaveCount(0);

  await entries.nth(1).getByRole("button", { name: "Restore this version" }).click();
  const ask = page.getByRole("dialog", { name: "Restore this version?" });
  await expect(ask).toContainText("Body");
  await expect(ask).toContainText("Links are not changed");
  await ask.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText(/^Restored the version of /)).toBeVisible();
  await expect.poll(body).toBe("first");
  // Its own entry, newest first, which can itself be restored.
  await expect(entries.nth(0)).toContainText(/restored the version of/);
  await expect(entries.nth(0)).toContainText("Body: second → first");
  await expect(record.getByLabel("Body")).toHaveValue("first");

  await page.keyboard.press("Escape");
  await expect(record).toBeHidden();
  await expect(cell(page, 0, "Body")).toHaveText("first");
  // The grid's undo takes the restore back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(body).toBe("second");
  await expect(cell(page, 0, "Body")).toHaveText("second");
});
