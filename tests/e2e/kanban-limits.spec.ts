/**
 * Kanban of issue 22 and the view gaps of issue 18: a builder sets a stack's work-in-progress
 * limit (kept in the view meta, checked through the API) and the stack warns once it holds more;
 * stacks are added and renamed in place; previewed as an editor, a locked view hides its shape
 * controls and shows the lock.
 */
import { expect, test } from "@playwright/test";
import { createTable, insertRows, options, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

test("WIP limit warns over the limit; stacks added and renamed inline; a locked view hides its controls", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Work", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Done"]) },
  ]);
  await insertRows(request, token, projectId, "Work", [
    { Name: "One", Status: "Todo" },
    { Name: "Two", Status: "Todo" },
    { Name: "Three", Status: "Todo" },
  ]);
  const table = (await (await request.get(`${M}/tables/${tableId}`, { headers: authHeaders(token) })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const made = await request.post(`${M}/tables/${tableId}/kanbans`, {
    headers: authHeaders(token),
    data: { title: "Board", fk_grp_col_id: table.columns.find((c) => c.title === "Status")!.id },
  });
  expect(made.status(), await made.text()).toBe(200);
  const viewId = ((await made.json()) as { id: string }).id;
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(`/nc/${projectId}/table/Work/Board`);
  const stack = (name: string) => page.locator(`[data-testid=kanban-stack][data-stack="${name}"]`);
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Fields" })).toBeVisible();

  // A limit of 2 on Todo: the count shows 3/2 and the stack warns.
  await stack("Todo").getByRole("button", { name: "Card limit of Todo" }).click();
  await page.getByLabel("Most cards this stack should hold").fill("2");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(stack("Todo").getByTestId("stack-count")).toHaveText("3/2");
  await expect(stack("Todo").getByTestId("stack-over")).toHaveText("Over limit");
  await expect(stack("Todo")).toHaveAttribute("data-over-limit", "true");
  await expect
    .poll(async () => {
      const res = await request.get(`${M}/kanbans/${viewId}`, { headers: authHeaders(token) });
      return JSON.parse(((await res.json()) as { meta: string }).meta).wipLimits;
    })
    .toEqual(expect.objectContaining({ [(await stack("Todo").getAttribute("data-stack-id"))!]: 2 }));

  // A card moved out brings it to 2/2: no warning.
  await stack("Todo").getByTestId("kanban-card").first().dragTo(stack("Done"));
  await expect(stack("Todo").getByTestId("stack-count")).toHaveText("2/2");
  await expect(stack("Todo").getByTestId("stack-over")).toHaveCount(0);

  // Stacks are added and renamed in place.
  await page.getByRole("button", { name: "Add stack" }).click();
  await page.getByLabel("Name of the new stack").fill("Blocked");
  await page.keyboard.press("Enter");
  await expect(stack("Blocked")).toBeVisible();
  await stack("Blocked").getByRole("button", { name: "Rename stack Blocked" }).click();
  await page.getByLabel("New name of the stack").fill("Waiting");
  await page.keyboard.press("Enter");
  await expect(stack("Waiting")).toBeVisible();
  await expect(stack("Blocked")).toHaveCount(0);

  // Locked, and previewed as an editor: no fields menu or limit control, the lock is shown.
  expect(
    (
      await request.patch(`${M}/views/${viewId}`, { headers: authHeaders(token), data: { lock_type: "locked" } })
    ).status(),
  ).toBe(200);
  await page.evaluate(() => {
    const key = "gridbase:settings:v1";
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { version: number; settings: object } | null;
    // The app's own store keeps {version, settings}; with none saved yet, version 1 is today's.
    localStorage.setItem(
      key,
      JSON.stringify({ version: stored?.version ?? 1, settings: { ...stored?.settings, previewAs: "editor" } }),
    );
  });
  await page.reload();
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveCount(2);
  await expect(page.getByTestId("view-locked")).toBeVisible();
  await expect(stack("Todo").getByRole("button", { name: "Card limit of Todo" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Fields" })).toHaveCount(0);
  await expect(stack("Todo").getByTestId("stack-count")).toHaveText("2/2");
});

test("+ New record in a filtered kanban stack and a filtered gallery starts with the view's values, so it shows there", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Jobs", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Done"]) },
    { title: "Team", uidt: "SingleSelect", colOptions: options(["A", "B"]) },
  ]);
  await insertRows(request, token, projectId, "Jobs", [
    { Name: "Mine", Status: "Todo", Team: "A" },
    { Name: "Theirs", Status: "Todo", Team: "B" },
  ]);
  const table = (await (await request.get(`${M}/tables/${tableId}`, { headers: authHeaders(token) })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const col = (title: string) => table.columns.find((c) => c.title === title)!.id;
  const view = async (route: string, data: object) => {
    const res = await request.post(`${M}/tables/${tableId}/${route}`, { headers: authHeaders(token), data });
    expect(res.status(), await res.text()).toBe(200);
    const id = ((await res.json()) as { id: string }).id;
    const f = await request.post(`${M}/views/${id}/filters`, {
      headers: authHeaders(token),
      data: { fk_column_id: col("Team"), comparison_op: "eq", value: "A" },
    });
    expect(f.status(), await f.text()).toBe(200);
  };
  await view("kanbans", { title: "Board", fk_grp_col_id: col("Status") });
  await view("galleries", { title: "Cards" });
  const rows = async () =>
    (
      (await (
        await request.get(`/api/v1/db/data/noco/${projectId}/Jobs?limit=50`, { headers: authHeaders(token) })
      ).json()) as { list: Array<{ Name: string; Status: string | null; Team: string | null }> }
    ).list;
  const create = async (name: string) => {
    const form = page.getByRole("dialog");
    await expect(form).toBeVisible();
    await form.getByLabel("Name").click();
    await page.keyboard.type(name);
    await form.getByRole("button", { name: "Create record" }).click();
    await expect(form).toBeHidden();
  };

  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(`/nc/${projectId}/table/Jobs/Board`);
  const stack = (name: string) => page.locator(`[data-testid=kanban-stack][data-stack="${name}"]`);
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveCount(1);
  await stack("Done").getByTestId("kanban-new-record").click();
  await create("Shipped");
  await expect(stack("Done").getByTestId("kanban-card")).toHaveCount(1);
  await expect(stack("Done").getByTestId("kanban-card")).toContainText("Shipped");
  expect((await rows()).find((r) => r.Name === "Shipped")).toMatchObject({ Status: "Done", Team: "A" });

  await page.goto(`/nc/${projectId}/table/Jobs/Cards`);
  const cards = page.getByTestId("gallery-card");
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: "New record" }).click();
  await create("Drafted");
  await expect(cards).toHaveCount(3);
  expect((await rows()).find((r) => r.Name === "Drafted")).toMatchObject({ Team: "A" });
});
