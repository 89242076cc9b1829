/**
 * Dashboards end to end (issue 38): an owner builds a dashboard with a bar chart and a number in
 * the UI, clicks a bar to list the records behind it, then a record changes (through the API, as
 * another client would) and the open chart and number follow without a reload.
 */
import { expect, test, type Page } from "@playwright/test";
import { createTable, insertRows } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

async function addWidget(
  page: Page,
  type: string,
  title: string,
  pick: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  await page.getByRole("button", { name: "Add widget" }).click();
  const dialog = page.getByRole("dialog", { name: "Add widget" });
  await dialog.getByLabel("Chart type").selectOption({ label: type });
  await dialog.getByLabel("Title").click();
  await page.keyboard.type(title);
  await dialog.getByLabel("Table", { exact: true }).selectOption({ label: "Sales" });
  await pick(dialog);
  await dialog.getByRole("button", { name: "Save widget" }).click();
  await expect(dialog).toBeHidden();
}

test("build a dashboard, click a bar to see its records, and see a change move the chart", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signUpByApi(request, uniqueEmail("dash"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleLineText" },
    { title: "Amount", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Sales", [
    { Title: "a", Status: "Closed", Amount: 10 },
    { Title: "b", Status: "Closed", Amount: 20 },
    { Title: "c", Status: "Open", Amount: 5 },
    { Title: "d", Status: "Open", Amount: 7 },
    { Title: "e", Status: "Open", Amount: 8 },
  ]);
  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);

  // A new dashboard from the sidebar opens at once.
  const sidebar = page.getByTestId("sidebar-dashboards");
  await sidebar.getByRole("button", { name: "New dashboard" }).click();
  await page.keyboard.type("Sales overview");
  await page.getByRole("button", { name: "Create dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Sales overview" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Sales overview" })).toBeVisible();

  await addWidget(page, "Bar chart", "By status", async (d) => {
    await d.getByLabel("Group by").selectOption({ label: "Status" });
  });
  await addWidget(page, "Number", "Total amount", async (d) => {
    await d.getByLabel("Summary").selectOption({ label: "Sum" });
    await d.getByLabel("Value", { exact: true }).selectOption({ label: "Amount" });
  });

  const bar = page.getByRole("region", { name: "By status" });
  const chart = bar.getByRole("img", { name: "By status" });
  const kpi = page.getByRole("region", { name: "Total amount" }).getByTestId("kpi-value");
  await expect(chart).toHaveAttribute("data-series", "[[2,3]]");
  await expect(kpi).toHaveText("50");

  // Click through: the first bar ("Closed", 2 records) lists exactly its records.
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.27, box.y + box.height * 0.85);
  const records = page.getByTestId("drill-records");
  await expect(records.getByRole("row")).toHaveCount(3); // the header and two records
  await expect(records).toContainText("Closed");
  await expect(records).not.toContainText("Open");
  await page.keyboard.press("Escape");

  // Live: another client moves a record from Closed to Open; the chart and number follow.
  const rows = await request.get(`/api/v1/db/data/noco/${projectId}/${tableId}?where=(Title,eq,a)`, {
    headers: authHeaders(token),
  });
  const id = ((await rows.json()) as { list: { Id: number }[] }).list[0]!.Id;
  // The change's re-reads: both widgets read Sales, so both are asked for, in one request.
  const reads: URL[] = [];
  page.on("request", (r) => {
    if (/\/dashboards\/[^/]+\/(widgets\/[^/]+\/)?data/.test(r.url())) reads.push(new URL(r.url()));
  });
  const changed = await request.patch(`/api/v1/db/data/noco/${projectId}/${tableId}/${id}`, {
    headers: authHeaders(token),
    data: { Status: "Open", Amount: 100 },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect(chart).toHaveAttribute("data-series", "[[1,4]]");
  await expect(kpi).toHaveText("140");
  expect(reads.map((u) => u.searchParams.get("widget_ids")?.split(",").length)).toEqual([2]);
});

test("a narrow screen stacks the widgets in one column", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("dash-narrow"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [{ title: "Title", uidt: "SingleLineText" }]);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Small" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  for (const title of ["One", "Two"]) {
    const w = await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
      headers: authHeaders(token),
      data: { type: "number", title, table_id: tableId, config: { y: [{ agg: "count" }] } },
    });
    expect(w.status(), await w.text()).toBe(200);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);
  const widgets = page.getByTestId("dashboard-widget");
  await expect(widgets).toHaveCount(2);
  const [a, b] = [(await widgets.nth(0).boundingBox())!, (await widgets.nth(1).boundingBox())!];
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  expect(b.y).toBeGreaterThan(a.y + a.height - 1);
  expect(a.width).toBeGreaterThan(300);
});

test("a shared dashboard opens without signing in, behind its password when it has one", async ({
  browser,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("dash-public"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [{ title: "Title", uidt: "SingleLineText" }]);
  await insertRows(request, token, projectId, "Sales", [{ Title: "a" }, { Title: "b" }, { Title: "c" }]);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Public board" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
    headers: authHeaders(token),
    data: { type: "number", title: "Count", table_id: tableId, config: { y: [{ agg: "count" }] } },
  });
  const shared = await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/share`, {
    headers: authHeaders(token),
    data: {},
  });
  const { uuid } = (await shared.json()) as { uuid: string };

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/nc/dashboard/${uuid}`);
  await expect(visitor.getByRole("heading", { name: "Public board" })).toBeVisible();
  await expect(visitor.getByTestId("kpi-value")).toHaveText("3");
  await expect(visitor.getByRole("button", { name: "Edit widget" })).toHaveCount(0);

  await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/share`, {
    headers: authHeaders(token),
    data: { password: "open sesame" },
  });
  const second = await (await browser.newContext()).newPage();
  await second.goto(`/nc/dashboard/${uuid}`);
  await expect(second.getByRole("heading", { name: "This shared view is password protected" })).toBeVisible();
  await second.getByLabel("Password").click();
  await second.keyboard.type("open sesame");
  await second.keyboard.press("Enter");
  await expect(second.getByTestId("kpi-value")).toHaveText("3");
});

test("a widget moves and resizes with the keyboard, and the layout is saved", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("dash-keys"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [{ title: "Title", uidt: "SingleLineText" }]);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Keys" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  const ids: string[] = [];
  for (const title of ["First", "Second"]) {
    const w = await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
      headers: authHeaders(token),
      data: { type: "number", title, table_id: tableId, config: { y: [{ agg: "count" }] } },
    });
    ids.push(((await w.json()) as { id: string }).id);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);
  const first = page.getByRole("region", { name: "First" });
  await first.getByRole("button", { name: /^Move widget/ }).focus();
  await page.keyboard.press("ArrowRight");
  await first.getByRole("button", { name: /^Resize widget/ }).focus();
  await page.keyboard.press("ArrowDown");
  const saved = async () => {
    const res = await request.get(`/api/v1/db/meta/dashboards/${dashboardId}`, { headers: authHeaders(token) });
    const d = (await res.json()) as { widgets: { id: string; position: Record<string, number> }[] };
    return Object.fromEntries(d.widgets.map((w) => [w.id, w.position]));
  };
  // The first widget moved one cell and grew one row; the second, now overlapped, went below it.
  await expect.poll(async () => (await saved())[ids[0]!]).toEqual({ x: 1, y: 0, w: 3, h: 3 });
  expect((await saved())[ids[1]!]!.y).toBeGreaterThanOrEqual(3);
});

test("a viewer reads a dashboard but cannot change it", async ({ page, request }) => {
  const owner = await signUpByApi(request, uniqueEmail("dash-owner"));
  const viewerEmail = uniqueEmail("dash-viewer");
  const viewer = await signUpByApi(request, viewerEmail);
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Dash"));
  const added = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
    headers: authHeaders(owner),
    data: { email: viewerEmail, roles: "viewer" },
  });
  expect(added.status(), await added.text()).toBe(200);
  const tableId = await createTable(request, owner, projectId, "Sales", [{ title: "Title", uidt: "SingleLineText" }]);
  await insertRows(request, owner, projectId, "Sales", [{ Title: "a" }, { Title: "b" }]);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(owner),
    data: { title: "Read only" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
    headers: authHeaders(owner),
    data: { type: "number", title: "Count", table_id: tableId, config: { y: [{ agg: "count" }] } },
  });
  await useToken(page, viewer);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);
  await expect(page.getByTestId("kpi-value")).toHaveText("2");
  await expect(page.getByRole("button", { name: "Add widget" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit widget" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Move widget/ })).toHaveCount(0);
  await expect(page.getByTestId("sidebar-dashboards").getByRole("button", { name: "New dashboard" })).toHaveCount(0);
});

test("a pivot cut to its bounds says so under the table, with totals over every record", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("dash-pivot"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const tableId = await createTable(request, token, projectId, "Sales", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Sales", [
    { Title: "a", Status: "Open" },
    { Title: "b", Status: "Open" },
    { Title: "c", Status: "Closed" },
  ]);
  const meta = await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers: authHeaders(token) });
  const col = Object.fromEntries(
    ((await meta.json()) as { columns: { title: string; id: string }[] }).columns.map((c) => [c.title, c.id]),
  );
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Pivots" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  // Two rows at most: the third title is left out.
  await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
    headers: authHeaders(token),
    data: {
      type: "pivot",
      title: "By title",
      table_id: tableId,
      config: { x: { column_id: col.Title }, series: { column_id: col.Status }, y: [{ agg: "count" }], limit: 2 },
    },
  });
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);
  const widget = page.getByRole("region", { name: "By title" });
  await expect(widget.getByRole("rowheader")).toHaveText(["a", "b", "Total"]);
  await expect(widget.getByTestId("pivot-cut")).toHaveText(
    "Only the first rows and columns are shown; the totals count every record.",
  );
  // The grand total counts the three records, the cut one too.
  await expect(widget.getByRole("row").last().getByRole("cell").last()).toHaveText("3");
});

test("a dashboard's link keeps its expiry, offers an embed code, and the dashboard keeps its time zone", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signUpByApi(request, uniqueEmail("dash-expiry"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Dash"));
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers: authHeaders(token),
    data: { title: "Board with a zone" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);
  await expect(page.getByRole("heading", { name: "Board with a zone" })).toBeVisible();

  // Share, then set the link to expire on 31 Dec 2030 at 23:59 (typed into the date and time input).
  await page.getByRole("button", { name: "Share dashboard" }).click();
  let dialog = page.getByRole("dialog", { name: "Share dashboard" });
  const shared = page.waitForResponse((r) => r.url().endsWith("/share") && r.request().method() === "POST");
  await dialog.getByRole("switch", { name: "Public link" }).click();
  await shared;
  const link = await dialog.getByRole("textbox", { name: "Public link" }).inputValue();
  expect(link).toMatch(/\/nc\/dashboard\/[\w-]+$/);
  await expect(dialog.getByText("The link does not expire.")).toBeVisible();
  await dialog.getByLabel("Link expires").click();
  await page.keyboard.type("12312030");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1159PM");
  const expirySaved = page.waitForResponse(
    (r) => r.url().endsWith("/share") && r.request().method() === "POST" && r.ok(),
  );
  // Leaving the input saves it (Tab only walks its own segments).
  await dialog.getByRole("textbox", { name: "Public link" }).click();
  await expirySaved;
  await expect(dialog.getByText("The link does not expire.")).toBeHidden();

  // The embed code is an iframe of the public link.
  await expect(dialog.getByRole("textbox", { name: "Embed code" })).toHaveValue(
    new RegExp(`^<iframe src="${link.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"`),
  );
  await expect(dialog.getByRole("button", { name: "Copy embed code" })).toBeVisible();
  // ...which other sites may frame.
  const publicPage = await request.get(link);
  expect(publicPage.headers()["content-security-policy"]).toContain("frame-ancestors *");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The time zone: chosen in the page, kept after a reload.
  const zone = page.getByLabel("Time zone");
  await expect(zone).toHaveValue("UTC");
  const zoneSaved = page.waitForResponse(
    (r) => r.url().endsWith(`/dashboards/${dashboardId}`) && r.request().method() === "PATCH" && r.ok(),
  );
  await zone.selectOption("Asia/Tokyo");
  await zoneSaved;

  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await page.getByRole("button", { name: "Share dashboard" }).click();
  dialog = page.getByRole("dialog", { name: "Share dashboard" });
  await expect(dialog.getByLabel("Link expires")).toHaveValue("2030-12-31T23:59");
  await expect(dialog.getByRole("textbox", { name: "Public link" })).toHaveValue(link);
});

test("a click-through lists every record behind a bar, 50 at a time, and says how many there are", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("drill"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Drill"));
  const tableId = await createTable(request, token, projectId, "Sales", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleLineText" },
  ]);
  await insertRows(request, token, projectId, "Sales", [
    ...Array.from({ length: 55 }, (_, i) => ({ Title: `a${i}`, Status: "Alpha" })),
    { Title: "b0", Status: "Beta" },
  ]);
  const headers = authHeaders(token);
  const table = (await (await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers })).json()) as {
    columns: { id: string; title: string }[];
  };
  const status = table.columns.find((c) => c.title === "Status")!.id;
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/dashboards`, {
    headers,
    data: { title: "Drill" },
  });
  const dashboardId = ((await made.json()) as { id: string }).id;
  const widget = await request.post(`/api/v1/db/meta/dashboards/${dashboardId}/widgets`, {
    headers,
    data: {
      type: "bar",
      title: "By status",
      table_id: tableId,
      config: { x: { column_id: status }, y: [{ agg: "count" }] },
    },
  });
  expect(widget.ok()).toBe(true);
  await useToken(page, token);
  await page.goto(`/nc/${projectId}/dashboard/${dashboardId}`);

  const chart = page.getByRole("region", { name: "By status" }).getByRole("img", { name: "By status" });
  await expect(chart).toHaveAttribute("data-series", "[[55,1]]");
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.27, box.y + box.height * 0.85);
  const records = page.getByTestId("drill-records");
  await expect(records.getByTestId("drill-shown")).toHaveText("50 of 55 records");
  await records.getByRole("button", { name: "Load more" }).click();
  await expect(records.getByTestId("drill-shown")).toHaveText("55 of 55 records");
  await expect(records.getByRole("button", { name: "Load more" })).toBeHidden();
  await expect(records).not.toContainText("Beta");
});
