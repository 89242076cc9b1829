/**
 * Views end to end: the workspace's sidebar makes views of each type; a kanban card and a
 * calendar record are dragged and the stored value is read back through the API; a gallery card
 * opens its record; a form is built and submitted from its preview; at 375 px the sidebar is a
 * drawer and nothing overflows. One project per test, made through the API.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createTable, insertRows, options, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

async function tasksProject(page: Page, request: APIRequestContext) {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Tasks", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Doing", "Done"]) },
    { title: "Due", uidt: "Date" },
    { title: "Photo", uidt: "Attachment" },
  ]);
  await insertRows(request, token, projectId, "Tasks", [
    {
      Name: "Write spec",
      Status: "Todo",
      Due: "2026-11-10",
      Photo: [{ title: "a.png", mimetype: "image/png", url: "https://example.com/a.png" }],
    },
    { Name: "Ship it", Status: "Doing", Due: "2026-11-12" },
    { Name: "Someday", Status: null, Due: null },
  ]);
  const row = async (name: string) => {
    const res = await request.get(
      `/api/v1/db/data/noco/${projectId}/Tasks/find-one?where=${encodeURIComponent(`(Name,eq,${name})`)}`,
      { headers: authHeaders(token) },
    );
    return (await res.json()) as Record<string, unknown>;
  };
  return { token, projectId, tableId, row };
}

async function createInSidebar(page: Page, kind: string, title: string, extra?: (page: Page) => Promise<void>) {
  await page.getByRole("button", { name: "New view" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a view" });
  await dialog.getByText(kind, { exact: true }).click();
  await dialog.getByLabel("View name").fill(title);
  if (extra) await extra(page);
  await dialog.getByRole("button", { name: "Create view" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("sidebar-view").filter({ hasText: title })).toBeVisible();
}

test("kanban: made in the sidebar, a card dragged to another stack changes the record, undo puts it back", async ({
  page,
  request,
}) => {
  const { projectId, row } = await tasksProject(page, request);
  await page.setViewportSize({ width: 1600, height: 900 }); // every stack on screen
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await createInSidebar(page, "Kanban", "Board");
  const stack = (name: string) => page.locator(`[data-testid=kanban-stack][data-stack="${name}"]`);
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveCount(1);
  await expect(stack("Uncategorized").getByTestId("kanban-card")).toHaveText(/Someday/);
  await expect(stack("Doing").getByTestId("stack-count")).toHaveText("1");

  await stack("Todo").getByTestId("kanban-card").dragTo(stack("Done"));
  await expect(stack("Done").getByTestId("kanban-card")).toHaveText(/Write spec/);
  await expect(stack("Done").getByTestId("stack-count")).toHaveText("1");
  await expect.poll(async () => (await row("Write spec")).Status).toBe("Done");

  await page.getByRole("button", { name: "Undo move" }).click();
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveText(/Write spec/);
  await expect.poll(async () => (await row("Write spec")).Status).toBe("Todo");

  // The open view and its tab survive a reload.
  await page.reload();
  await expect(stack("Todo").getByTestId("kanban-card")).toHaveText(/Write spec/);
  await expect(page.getByTestId("project-tab")).toHaveCount(1);
});

test("calendar: records on their days, one dragged to another day, undated ones at the side", async ({
  page,
  request,
}) => {
  const { token, projectId, tableId, row } = await tasksProject(page, request);
  const table = (await (await request.get(`${M}/tables/${tableId}`, { headers: authHeaders(token) })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const due = table.columns.find((c) => c.title === "Due")!.id;
  const res = await request.post(`${M}/tables/${tableId}/calendars`, {
    headers: authHeaders(token),
    data: { title: "Plan", calendar_range: [{ fk_from_column_id: due }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.clock.setFixedTime(new Date("2026-11-05T10:00:00Z"));
  await page.goto(`/nc/${projectId}/table/Tasks/Plan`);
  const day = (d: string) => page.locator(`[data-testid=calendar-day][data-day="${d}"]`);
  await expect(day("2026-11-10").getByTestId("calendar-record")).toHaveText("Write spec");
  await expect(page.getByTestId("calendar-undated").getByTestId("calendar-record")).toHaveText("Someday");
  await day("2026-11-10").getByTestId("calendar-record").dragTo(day("2026-11-18"));
  await expect(day("2026-11-18").getByTestId("calendar-record")).toHaveText("Write spec");
  await expect.poll(async () => (await row("Write spec")).Due).toBe("2026-11-18");

  await page.getByRole("button", { name: "Week" }).click();
  await expect(page.getByTestId("calendar-day")).toHaveCount(7);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(day("2026-11-18").getByTestId("calendar-record")).toHaveText("Write spec");
});

test("gallery: cards with a cover and fields; a card opens the record; rename and delete the view", async ({
  page,
  request,
}) => {
  const { projectId } = await tasksProject(page, request);
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await createInSidebar(page, "Gallery", "Cards");
  await expect(page.getByTestId("gallery-card")).toHaveCount(3);
  await expect(page.getByTestId("gallery-card").first().locator("img")).toHaveCount(1);
  await page.getByTestId("gallery-card").filter({ hasText: "Ship it" }).click();
  await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue("Ship it");
  await page.keyboard.press("Escape");

  // Rename, then delete with a confirmation.
  await page.getByTestId("sidebar-view").filter({ hasText: "Cards" }).hover();
  await page.getByRole("button", { name: "Rename view Cards" }).click();
  await page.getByLabel("View name").fill("Photos");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(page.getByTestId("sidebar-view").filter({ hasText: "Photos" })).toBeVisible();
  await page.getByTestId("sidebar-view").filter({ hasText: "Photos" }).hover();
  await page.getByRole("button", { name: "Delete view Photos" }).click();
  await page.getByRole("button", { name: "Delete view", exact: true }).click();
  await expect(page.getByTestId("sidebar-view")).toHaveCount(1);
});

test("form: built with a label and a required field, previewed, submitted into the table", async ({
  page,
  request,
}) => {
  const { token, projectId, tableId, row } = await tasksProject(page, request);
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await createInSidebar(page, "Form", "Intake");
  await expect(page.getByTestId("form-question")).toHaveCount(4);
  // Take Photo out of the form, label Name and make it required.
  await page.getByRole("button", { name: "Remove Photo from the form" }).click();
  await expect(page.getByTestId("form-question")).toHaveCount(3);
  await expect(page.getByTestId("form-field-out")).toHaveText("Photo");
  await page.getByLabel("Label of Name").click();
  await page.keyboard.type("Task name");
  await page.getByLabel("Label of Name").blur();
  await page.getByRole("switch", { name: "Name is required" }).click();
  // Typed and straight to the preview (its blur saves): the preview's submit waits for that save.
  await page.getByLabel("Message after submitting").click();
  await page.keyboard.type("Got it!");
  await expect(page.getByRole("switch", { name: "Name is required" })).toHaveAttribute("aria-checked", "true");

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByTestId("form-preview");
  await expect(preview.getByLabel("Photo")).toHaveCount(0);
  await preview.getByRole("button", { name: "Submit" }).click();
  await expect(preview).toContainText("Task name is required");
  await preview.getByLabel("Task name").fill("From the form");
  await preview.getByLabel("Status").selectOption("Doing");
  await preview.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("form-success")).toContainText("Got it!");
  await expect.poll(async () => (await row("From the form")).Status).toBe("Doing");
  // The saved state, not only the builder's screen: the form keeps the label, the switch and the message.
  const views = (await (await request.get(`${M}/tables/${tableId}/views`, { headers: authHeaders(token) })).json()) as {
    list: Array<{ id: string; title: string }>;
  };
  const saved = (await (
    await request.get(`${M}/forms/${views.list.find((v) => v.title === "Intake")!.id}`, {
      headers: authHeaders(token),
    })
  ).json()) as { success_msg: string };
  expect(saved.success_msg).toBe("Got it!");
});

test("at 375 px the sidebar is a drawer and nothing overflows the page", async ({ page, request }) => {
  const { projectId } = await tasksProject(page, request);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/nc/${projectId}/table/Tasks`);
  await expect(page.getByRole("grid")).toBeVisible();
  const overflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expect(page.getByTestId("project-sidebar")).toBeHidden();
  await page.getByRole("button", { name: "Show tables and views" }).click();
  await expect(page.getByTestId("project-sidebar")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "New view" }).click();
  await page.getByRole("dialog").getByText("Kanban", { exact: true }).click();
  await page.getByRole("dialog").getByLabel("View name").fill("Small board");
  await page.getByRole("button", { name: "Create view" }).click();
  await expect(page.getByTestId("kanban-stack").first()).toBeVisible();
  await expect(page.getByTestId("project-sidebar")).toBeHidden();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test("gallery: only the cards on screen are drawn, down to the last record", async ({ page, request }) => {
  const { token, projectId, tableId } = await tasksProject(page, request);
  await insertRows(
    request,
    token,
    projectId,
    "Tasks",
    Array.from({ length: 400 }, (_, i) => ({ Name: `Card ${i + 1}` })),
  );
  expect(
    (
      await request.post(`${M}/tables/${tableId}/galleries`, { headers: authHeaders(token), data: { title: "Many" } })
    ).status(),
  ).toBe(200);
  await page.goto(`/nc/${projectId}/table/Tasks/Many`);
  await expect(page.getByTestId("gallery-card").first()).toBeVisible();
  const drawn = await page.getByTestId("gallery-card").count();
  expect(drawn).toBeLessThan(120);
  await page.getByTestId("gallery-scroller").evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByTestId("gallery-card").filter({ hasText: "Card 400" })).toBeVisible();
});
