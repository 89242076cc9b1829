/**
 * Issue 23: an owner, in the table's Access panel on a 375 px wide screen, sets the row rule
 * "Created by is @me" for editors and hides a field from viewers; two editors each see only the
 * records they created, in the grid, and cannot change each other's; a viewer has no column for
 * the hidden field.
 */
import { expect, test, type Browser } from "@playwright/test";
import { cell, count, createTable, edit } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

async function pageFor(browser: Browser, token: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await useToken(page, token);
  return page;
}

test("'Created by is @me' for editors: each editor sees and edits only their own records", async ({
  browser,
  request,
}) => {
  const owner = await signUpByApi(request, uniqueEmail("owner"));
  const emails = { a: uniqueEmail("editor-a"), b: uniqueEmail("editor-b"), v: uniqueEmail("viewer") };
  const tokens = {
    a: await signUpByApi(request, emails.a),
    b: await signUpByApi(request, emails.b),
    v: await signUpByApi(request, emails.v),
  };
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Rules"));
  for (const [email, roles] of [
    [emails.a, "editor"],
    [emails.b, "editor"],
    [emails.v, "viewer"],
  ]) {
    const invite = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
      headers: authHeaders(owner),
      data: { email, roles },
    });
    expect(invite.status(), await invite.text()).toBe(200);
  }
  const tableId = await createTable(request, owner, projectId, "Tasks", [
    { title: "Title", column_name: "title", uidt: "SingleLineText" },
    { title: "Notes", column_name: "notes", uidt: "SingleLineText" },
  ]);
  const withCreator = await request.post(`/api/v1/db/meta/tables/${tableId}/columns`, {
    headers: authHeaders(owner),
    data: { uidt: "CreatedBy", title: "Creator" },
  });
  expect(withCreator.status(), await withCreator.text()).toBe(200);

  // The owner sets both through the Access panel, on a phone-sized screen.
  const ownerPage = await pageFor(browser, owner, { width: 375, height: 740 });
  await ownerPage.goto(`/nc/${projectId}/table/Tasks`);
  await ownerPage.getByRole("button", { name: "Access settings of Tasks" }).click();
  const panel = ownerPage.getByRole("dialog", { name: "Access · Tasks" });
  await expect(panel.getByText("Owners and creators always see and change everything", { exact: false })).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await panel.getByLabel("Viewer access to Notes").selectOption("hidden");
  const editorRule = panel.getByRole("group", { name: "Editor" });
  await editorRule.getByRole("button", { name: "Add filter", exact: true }).click();
  await editorRule.getByLabel("Filter 1 field").selectOption({ label: "Creator" });
  await editorRule.getByLabel("Filter 1 operator").selectOption("eq");
  // Unfinished, the rule would widen what editors see: saving waits for the value.
  await expect(panel.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await editorRule.getByLabel("Filter 1 value").selectOption("@me");
  await panel.getByRole("button", { name: "Save", exact: true }).click();
  await expect(ownerPage.getByText("Access settings saved")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Discard changes" })).toBeDisabled();
  const saved = (await (
    await request.get(`/api/v1/db/meta/tables/${tableId}/access`, { headers: authHeaders(owner) })
  ).json()) as { roles: Record<string, { fields: Record<string, string>; row_rule: unknown[] | null }> };
  expect(Object.values(saved.roles.viewer!.fields).filter((m) => m === "hidden")).toHaveLength(1);
  expect(saved.roles.editor!.row_rule).toMatchObject([{ comparison_op: "eq", value: "@me" }]);
  expect(saved.roles.commenter!.row_rule).toBeNull();
  // A change can be discarded before it is saved.
  await panel.getByLabel("Commenter access to Notes").selectOption("read-only");
  await panel.getByRole("button", { name: "Discard changes" }).click();
  await expect(panel.getByLabel("Commenter access to Notes")).toHaveValue("editable");
  // Preview as viewer opens the table as viewers see it.
  await panel.getByRole("button", { name: "Preview as Viewer" }).click();
  await expect(ownerPage.getByTestId("preview-banner")).toBeVisible();
  await expect(ownerPage.locator('[role=columnheader][data-title="Title"]')).toBeVisible();
  await expect(ownerPage.locator('[role=columnheader][data-title="Notes"]')).toHaveCount(0);

  const data = `/api/v1/db/data/noco/${projectId}/Tasks`;
  const ids: Record<string, number> = {};
  for (const [who, title] of [
    ["a", "A's task"],
    ["b", "B's task"],
    ["b", "B's second"],
  ] as const) {
    const res = await request.post(data, { headers: authHeaders(tokens[who]), data: { Title: title } });
    expect(res.status(), await res.text()).toBe(200);
    ids[title] = ((await res.json()) as { Id: number }).Id;
  }

  const pageA = await pageFor(browser, tokens.a);
  await pageA.goto(`/nc/${projectId}/table/Tasks`);
  await expect(cell(pageA, 0, "Title")).toHaveText("A's task");
  await expect(cell(pageA, 0, "Creator")).toContainText(emails.a);
  await expect(count(pageA)).toContainText("1");
  await expect(pageA.getByText("B's task")).toHaveCount(0);

  const pageB = await pageFor(browser, tokens.b);
  await pageB.goto(`/nc/${projectId}/table/Tasks`);
  await expect(cell(pageB, 0, "Title")).toHaveText("B's task");
  await expect(cell(pageB, 1, "Title")).toHaveText("B's second");
  await expect(count(pageB)).toContainText("2");
  await expect(pageB.getByText("A's task")).toHaveCount(0);

  // Each edits their own record in the grid.
  await edit(pageA, 0, "Title");
  await pageA.keyboard.press("ControlOrMeta+a");
  await pageA.keyboard.type("A's task, edited");
  await pageA.keyboard.press("Enter");
  await expect(cell(pageA, 0, "Title")).toHaveText("A's task, edited");
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`${data}/${ids["A's task"]}`, { headers: authHeaders(owner) })).json()) as {
            Title: string;
          }
        ).Title,
    )
    .toBe("A's task, edited");

  // And cannot reach the other's: not found, nothing changed.
  for (const [who, other] of [
    ["a", "B's task"],
    ["b", "A's task"],
  ] as const) {
    const patch = await request.patch(`${data}/${ids[other]}`, {
      headers: authHeaders(tokens[who]),
      data: { Title: "taken" },
    });
    expect(patch.status()).toBe(404);
    expect((await request.delete(`${data}/${ids[other]}`, { headers: authHeaders(tokens[who]) })).status()).toBe(404);
  }
  const all = (await (await request.get(`${data}?limit=10`, { headers: authHeaders(owner) })).json()) as {
    list: Array<{ Title: string }>;
  };
  expect(all.list.map((r) => r.Title).sort()).toEqual(["A's task, edited", "B's second", "B's task"]);

  // The viewer has no column for the hidden field, and every record.
  const pageV = await pageFor(browser, tokens.v);
  await pageV.goto(`/nc/${projectId}/table/Tasks`);
  await expect(pageV.locator('[role=columnheader][data-title="Title"]')).toBeVisible();
  await expect(count(pageV)).toContainText("3");
  await expect(pageV.locator('[role=columnheader][data-title="Notes"]')).toHaveCount(0);
  await expect(pageV.locator('[role=columnheader][data-title="Creator"]')).toBeVisible();
  await expect(pageV.getByRole("button", { name: "Access settings of Tasks" })).toHaveCount(0);
});
