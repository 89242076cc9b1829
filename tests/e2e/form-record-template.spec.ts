/**
 * A form view's record template (issue 37): the builder types default values in the form's
 * Defaults menu; the shared form starts with the value of the question it shows, and the record
 * it makes has both that one and the default of a field the form does not ask.
 */
import { expect, test } from "@playwright/test";
import { createTable, options, setup } from "./grid-helpers";
import { sharedForm } from "./form-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

test("a form's defaults, typed in its builder, start the shared form and fill its record", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const h = authHeaders(token);
  const tableId = await createTable(request, token, projectId, "Tasks", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Doing"]) },
    { title: "Source", uidt: "SingleLineText" },
  ]);
  const { question, uuid } = await sharedForm(request, token, tableId, "Intake");
  // Source is not a question of the form.
  const hidden = await request.patch(`${M}/form-columns/${question("Source")}`, { headers: h, data: { show: false } });
  expect(hidden.status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/nc/${projectId}/table/Tasks/Intake`);
  await expect(page.getByTestId("form-question")).toHaveCount(2);
  const defaults = page.getByRole("button", { name: "Default values of records made in this view" });
  await expect(defaults).toHaveText("Defaults");
  await defaults.click();
  const panel = page.getByTestId("defaults-panel");
  await expect(panel).toContainText("a field the form does not ask gets its value when the form is sent");
  await panel.getByLabel("Status").click();
  await page.keyboard.type("Doing");
  await panel.getByLabel("Source").click();
  await page.keyboard.type("web form");
  const saved = page.waitForResponse((r) => r.url().includes("/record-template") && r.request().method() === "PUT");
  await panel.getByRole("button", { name: "Save defaults" }).click();
  expect((await saved).status()).toBe(200);
  await expect(defaults).toHaveText("Defaults (2)");
  // The builder's preview starts from them too.
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByTestId("form-preview").getByLabel("Status")).toHaveValue("Doing");
  // At 375 px the header wraps: Defaults stays on screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const box = (await defaults.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  await page.goto(`/nc/form/${uuid}`);
  await expect(page.getByRole("heading", { name: "Intake" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("Doing");
  await expect(page.locator('[data-field="Source"]')).toHaveCount(0);
  await page.getByLabel("Name").click();
  await page.keyboard.type("From the form");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toBeVisible();

  const rows = (
    (await (
      await request.get(
        `/api/v1/db/data/noco/${projectId}/Tasks?where=${encodeURIComponent("(Name,eq,From the form)")}`,
        { headers: h },
      )
    ).json()) as { list: Array<{ Status: string | null; Source: string | null }> }
  ).list;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ Status: "Doing", Source: "web form" });
});
