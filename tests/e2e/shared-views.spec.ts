/**
 * Issue #42 items 2 and 10, #33 item 7: a visitor opens a shared calendar and finds a record on
 * its day; searches, sorts and filters a shared grid; kanban covers load, for the visitor and in
 * the app (signed links, not the bare stored path that is refused).
 */
import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { PNG } from "../support/fake-files";
import { createTable, insertRows, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

async function columnsOf(request: APIRequestContext, token: string, tableId: string) {
  const table = (await (await request.get(`${M}/tables/${tableId}`, { headers: authHeaders(token) })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  return Object.fromEntries(table.columns.map((c) => [c.title, c.id])) as Record<string, string>;
}

async function makeView(request: APIRequestContext, token: string, tableId: string, route: string, body: object) {
  const res = await request.post(`${M}/tables/${tableId}/${route}`, { headers: authHeaders(token), data: body });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function share(request: APIRequestContext, token: string, viewId: string) {
  const res = await request.post(`${M}/views/${viewId}/share`, { headers: authHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { uuid: string }).uuid;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test("a visitor opens a shared calendar, sees a record on its day and moves to the next month", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Events", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Due", uidt: "Date" },
  ]);
  const now = new Date();
  const here = dayOf(new Date(now.getFullYear(), now.getMonth(), 15));
  const next = dayOf(new Date(now.getFullYear(), now.getMonth() + 1, 15));
  await insertRows(request, token, projectId, "Events", [
    { Name: "Launch party", Due: here },
    { Name: "Retrospective", Due: next },
  ]);
  const cols = await columnsOf(request, token, tableId);
  const uuid = await share(
    request,
    token,
    await makeView(request, token, tableId, "calendars", {
      title: "Plan",
      calendar_range: [{ fk_from_column_id: cols.Due }],
    }),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/nc/view/${uuid}`);
  await expect(page.locator(`[data-day="${here}"]`).getByText("Launch party")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Mon" })).toBeVisible();
  // An en-US visitor's weeks start on Sunday, as the app's calendar starts them for them.
  await expect(page.getByRole("columnheader").first()).toHaveText("Sun");
  await expect(page.getByText("Retrospective")).toHaveCount(0);
  // The month fits a phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.locator(`[data-day="${next}"]`).getByText("Retrospective")).toBeVisible();
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.locator(`[data-day="${here}"]`).getByText("Launch party")).toBeVisible();
});

test("a visitor searches, sorts and filters a shared grid; checkboxes read as marks", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "People", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Score", uidt: "Number" },
    { title: "Done", uidt: "Checkbox" },
  ]);
  await insertRows(request, token, projectId, "People", [
    { Name: "Ada", Score: 3, Done: true },
    { Name: "Grace", Score: 1, Done: false },
    { Name: "Linus", Score: 2, Done: false },
  ]);
  const views = (await (await request.get(`${M}/tables/${tableId}/views`, { headers: authHeaders(token) })).json()) as {
    list: Array<{ id: string }>;
  };
  const uuid = await share(request, token, views.list[0]!.id);
  await page.goto(`/nc/view/${uuid}`);
  const names = page.locator("tbody tr td:first-child");
  await expect(names).toHaveText(["Ada", "Grace", "Linus"]);
  await expect(page.getByRole("img", { name: "Checked", exact: true })).toHaveCount(1);
  await expect(page.getByRole("img", { name: "Not checked", exact: true })).toHaveCount(2);
  await expect(page.getByRole("cell", { name: "true" })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).click();
  await page.keyboard.type("gra");
  await expect(names).toHaveText(["Grace"]);
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Backspace");
  await expect(names).toHaveText(["Ada", "Grace", "Linus"]);

  const score = page.getByRole("columnheader", { name: "Score" });
  await score.getByRole("button").click();
  await expect(score).toHaveAttribute("aria-sort", "ascending");
  await expect(names).toHaveText(["Grace", "Linus", "Ada"]);
  await score.getByRole("button").click();
  await expect(score).toHaveAttribute("aria-sort", "descending");
  await expect(names).toHaveText(["Ada", "Linus", "Grace"]);
  await score.getByRole("button").click();
  await expect(score).toHaveAttribute("aria-sort", "none");

  await page.getByLabel("Field").selectOption("Score");
  await page.getByLabel("Condition").selectOption({ label: "is greater than" });
  await page.getByLabel("Value").click();
  await page.keyboard.type("1");
  await page.getByRole("button", { name: "Apply filter" }).click();
  await expect(names).toHaveText(["Ada", "Linus"]);
  await page.getByRole("button", { name: "Clear filter" }).click();
  await expect(names).toHaveText(["Ada", "Grace", "Linus"]);

  // Grouped by Done (issue 37): the visitor sees the groups with their counts, records inside.
  const gridCols = (await (
    await request.get(`${M}/grids/${views.list[0]!.id}/grid-columns`, { headers: authHeaders(token) })
  ).json()) as Array<{ id: string; fk_column_id: string }>;
  const fieldIds = await columnsOf(request, token, tableId);
  const doneId = fieldIds.Done!;
  const done = gridCols.find((c) => c.fk_column_id === doneId)!;
  const grouped = await request.patch(`${M}/grid-columns/${done.id}`, {
    headers: authHeaders(token),
    data: { group_by: true, group_by_order: 1 },
  });
  expect(grouped.status(), await grouped.text()).toBe(200);
  // The footer's sum of Score, shown per group to the visitor.
  const scoreCol = gridCols.find((c) => c.fk_column_id === fieldIds.Score)!;
  const summed = await request.patch(`${M}/grid-columns/${scoreCol.id}`, {
    headers: authHeaders(token),
    data: { aggregation: "sum" },
  });
  expect(summed.status(), await summed.text()).toBe(200);
  await page.reload();
  const groups = page.getByTestId("shared-group");
  await expect(groups).toHaveCount(2);
  await expect(groups.getByTestId("shared-group-count")).toHaveText(["2", "1"]);
  await expect(groups.getByTestId("shared-group-aggregates")).toHaveText(["Score Sum 3", "Score Sum 3"]);
  await expect(groups.nth(0).locator("tbody tr td:first-child")).toHaveText(["Grace", "Linus"]);
  await expect(groups.nth(1).locator("tbody tr td:first-child")).toHaveText(["Ada"]);
  // A column's header sorts the records inside each group.
  const groupScore = groups.nth(0).getByRole("columnheader", { name: "Score" });
  await groupScore.getByRole("button").click();
  await expect(groups.nth(0).getByRole("columnheader", { name: "Score" })).toHaveAttribute("aria-sort", "ascending");
  await groups.nth(0).getByRole("columnheader", { name: "Score" }).getByRole("button").click();
  await expect(groups.nth(0).getByRole("columnheader", { name: "Score" })).toHaveAttribute("aria-sort", "descending");
  await expect(groups.nth(0).locator("tbody tr td:first-child")).toHaveText(["Linus", "Grace"]);
  await page.getByRole("searchbox", { name: "Search" }).click();
  await page.keyboard.type("lin");
  await expect(groups).toHaveCount(1);
  await expect(groups.getByTestId("shared-group-count")).toHaveText(["1"]);
});

/** Every image loaded: a refused source (403) leaves naturalWidth at 0. */
async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const img of await images.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
}

test("kanban covers load for the visitor and in the app", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Cards", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Stage", uidt: "SingleSelect", colOptions: { options: [{ title: "Open" }, { title: "Done" }] } },
    { title: "Photo", uidt: "Attachment" },
  ]);
  const cols = await columnsOf(request, token, tableId);
  const up = await request.post(
    `/api/v1/db/storage/upload?path=${encodeURIComponent(`noco/${projectId}/${tableId}/${cols.Photo}`)}`,
    {
      headers: authHeaders(token),
      multipart: { "files[]": { name: "cover.png", mimeType: "image/png", buffer: Buffer.from(PNG) } },
    },
  );
  expect(up.status(), await up.text()).toBe(200);
  const [item] = (await up.json()) as Array<Record<string, unknown>>;
  const { signedPath: _p, signedUrl: _u, ...stored } = item!;
  await insertRows(request, token, projectId, "Cards", [
    { Name: "First", Stage: "Open", Photo: [stored] },
    { Name: "Second", Stage: "Done", Photo: [stored] },
  ]);
  const kanban = await makeView(request, token, tableId, "kanbans", { title: "Board", fk_grp_col_id: cols.Stage });
  const uuid = await share(request, token, kanban);

  await page.goto(`/nc/kanban/${uuid}`);
  await expect(page.locator('[data-stack="Open"]').getByText("First")).toBeVisible();
  await expectLoaded(page.locator("[data-card] img"), 2);

  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(`/nc/${projectId}/table/Cards/Board`);
  await expect(page.getByTestId("kanban-card")).toHaveCount(2);
  await expectLoaded(page.getByTestId("kanban-card").locator("img"), 2);
});
