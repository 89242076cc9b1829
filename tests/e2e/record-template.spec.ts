/**
 * Record templates (issue 37): an editor sets a view's default values in its toolbar's Defaults
 * menu by typing them; "+ New record" in that grid starts with them and the record is made with
 * them; another view of the table keeps none.
 */
import { expect, test } from "@playwright/test";
import { createTable, insertRows, options, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

test("a grid's default values, typed in Defaults, fill + New record", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Leads", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Stage", uidt: "SingleSelect", colOptions: options(["New", "Won"]) },
    { title: "Score", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Leads", [{ Name: "First", Stage: "Won", Score: 1 }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/nc/${projectId}/table/Leads`);
  await expect(page.getByTestId("grid").getByText("First")).toBeVisible();

  const defaults = page.getByRole("button", { name: "Default values of records made in this view" });
  await expect(defaults).toHaveText("Defaults");
  await defaults.click();
  const panel = page.getByTestId("defaults-panel");
  await panel.getByLabel("Stage").click();
  await page.keyboard.type("New");
  await panel.getByLabel("Score").click();
  await page.keyboard.type("5");
  const saved = page.waitForResponse((r) => r.url().includes("/record-template") && r.request().method() === "PUT");
  await panel.getByRole("button", { name: "Save defaults" }).click();
  expect((await saved).status()).toBe(200);
  await expect(defaults).toHaveText("Defaults (2)");
  await expect(panel).toBeHidden();

  await page.getByRole("button", { name: "New record", exact: true }).first().click();
  const form = page.getByRole("dialog");
  await expect(form).toBeVisible();
  await form.getByLabel("Name").click();
  await page.keyboard.type("Second");
  await form.getByRole("button", { name: "Create record" }).click();
  await expect(form).toBeHidden();
  const rows = (
    (await (
      await request.get(`/api/v1/db/data/noco/${projectId}/Leads?limit=10`, { headers: authHeaders(token) })
    ).json()) as { list: Array<{ Name: string; Stage: string | null; Score: number | null }> }
  ).list;
  expect(rows.find((r) => r.Name === "Second")).toMatchObject({ Stage: "New", Score: 5 });
});
