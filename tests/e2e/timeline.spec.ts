/**
 * Timeline views (issue 37): built in the sidebar from a start, an end and a lane field; records
 * are bars in lanes with today marked; dragging a bar moves its start and end together (read back
 * through the API), Ctrl+Z puts them back, dragging the end edge resizes it; an unscheduled record
 * sits in the side list until "Schedule" gives it today's date (or it is dropped on a day); the
 * view's settings change its lanes; a shared timeline shows its bars to a visitor, in the colours
 * of the view's colour rules.
 */
import { expect, test, type Page } from "@playwright/test";
import { createTable, insertRows, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

test.use({ locale: "en-GB" });

async function dragBy(page: Page, x: number, y: number, dx: number) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

test("build a timeline, see bars in lanes, drag a bar and undo, resize, schedule an unscheduled record", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Work", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Starts", uidt: "Date" },
    { title: "Ends", uidt: "Date" },
    { title: "Team", uidt: "SingleSelect", colOptions: { options: [{ title: "Red" }, { title: "Blue" }] } },
  ]);
  await insertRows(request, token, projectId, "Work", [
    { Name: "Design", Starts: "2026-11-03", Ends: "2026-11-06", Team: "Red" },
    { Name: "Build", Starts: "2026-11-09", Ends: "2026-11-13", Team: "Blue" },
    { Name: "Later", Starts: null, Ends: null, Team: "Red" },
    { Name: "Someday", Starts: null, Ends: null, Team: "Blue" },
  ]);
  const stored = async (name: string) => {
    const res = await request.get(
      `/api/v1/db/data/noco/${projectId}/Work/find-one?where=${encodeURIComponent(`(Name,eq,${name})`)}`,
      { headers: authHeaders(token) },
    );
    const row = (await res.json()) as { Starts: string | null; Ends: string | null };
    return `${row.Starts} → ${row.Ends}`;
  };

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.clock.setFixedTime(new Date("2026-11-05T10:00:00Z"));
  await page.goto(`/nc/${projectId}/table/Work`);
  await page.getByRole("button", { name: "New view" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a view" });
  await dialog.getByText("Timeline", { exact: true }).click();
  await dialog.getByLabel("View name").fill("Roadmap");
  await dialog.getByLabel("Start field").selectOption({ label: "Starts" });
  await dialog.getByLabel("End", { exact: true }).selectOption({ label: "Ends at Ends" });
  await dialog.getByLabel("Lanes by").selectOption({ label: "Team" });
  await dialog.getByRole("button", { name: "Create view" }).click();
  await expect(dialog).toBeHidden();

  const bar = (name: string) => page.getByTestId("timeline-bar").filter({ hasText: name });
  await expect(bar("Design")).toHaveAttribute("data-first", "2026-11-03");
  await expect(bar("Build")).toHaveAttribute("data-last", "2026-11-13");
  await expect(page.getByTestId("timeline-lane")).toHaveText(["Blue (1 records)", "Red (1 records)"]);
  await expect(page.getByTestId("timeline-today")).toBeVisible();
  await expect(page.getByTestId("timeline-bar").filter({ hasText: "Later" })).toHaveCount(0);
  await expect(page.getByTestId("timeline-unscheduled-record")).toHaveText([/Later/, /Someday/]);

  // The week scale is 16 px a day: drag Design 3 days later; start and end move together.
  await page.getByRole("button", { name: "Day", exact: true }).click();
  const box = (await bar("Design").boundingBox())!;
  await dragBy(page, box.x + box.width / 2, box.y + box.height / 2, 3 * 40);
  await expect.poll(() => stored("Design")).toBe("2026-11-06 → 2026-11-09");
  await expect(bar("Design")).toHaveAttribute("data-first", "2026-11-06");
  await expect(page.getByText("Dates changed")).toBeVisible();

  // Ctrl+Z puts it back.
  await page.keyboard.press("Control+z");
  await expect.poll(() => stored("Design")).toBe("2026-11-03 → 2026-11-06");
  await expect(bar("Design")).toHaveAttribute("data-last", "2026-11-06");

  // Dragging the end edge resizes: Build ends two days later.
  const b = (await bar("Build").boundingBox())!;
  await bar("Build").hover();
  await dragBy(page, b.x + b.width - 3, b.y + b.height / 2, 2 * 40);
  await expect.poll(() => stored("Build")).toBe("2026-11-09 → 2026-11-15");

  // A press without moving opens the record.
  await bar("Build").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Schedule the unscheduled record: it gets today and appears as a bar.
  await page.getByRole("button", { name: "Schedule Later from today" }).click();
  await expect.poll(() => stored("Later")).toBe("2026-11-05 → 2026-11-05");
  await expect(bar("Later")).toHaveAttribute("data-first", "2026-11-05");
  await expect(page.getByTestId("timeline-unscheduled-record")).toHaveCount(1);

  // Dragging an unscheduled record onto the axis schedules it on the day it is dropped on.
  const canvas = (await page.getByTestId("timeline-scroller").boundingBox())!;
  const design = (await bar("Design").boundingBox())!;
  await page
    .getByTestId("timeline-unscheduled-record")
    .filter({ hasText: "Someday" })
    .dragTo(page.getByTestId("timeline-scroller"), {
      targetPosition: { x: design.x - canvas.x + 20, y: canvas.height - 40 },
    });
  await expect.poll(() => stored("Someday")).toBe("2026-11-03 → 2026-11-03");
  await expect(page.getByTestId("timeline-unscheduled-record")).toHaveCount(0);

  // The view's own settings: without lanes the records are one list.
  await page.getByRole("button", { name: "Timeline settings" }).click();
  const settings = page.getByRole("dialog", { name: "Timeline settings" });
  await settings.getByLabel("Lanes by").selectOption({ label: "No lanes" });
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByTestId("timeline-lane")).toHaveCount(0);
  await expect(page.getByTestId("timeline-bar")).toHaveCount(4);
});

test("a shared timeline shows the month's bars in lanes to a visitor, read-only", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Work", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Starts", uidt: "Date" },
    { title: "Team", uidt: "SingleSelect", colOptions: { options: [{ title: "Red" }] } },
  ]);
  await insertRows(request, token, projectId, "Work", [
    { Name: "Kickoff", Starts: "2026-11-10", Team: "Red" },
    { Name: "Someday", Starts: null, Team: "Red" },
  ]);
  const table = (await (
    await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers: authHeaders(token) })
  ).json()) as { columns: Array<{ id: string; title: string }> };
  const id = (title: string) => table.columns.find((c) => c.title === title)!.id;
  const made = await request.post(`/api/v1/db/meta/tables/${tableId}/timelines`, {
    headers: authHeaders(token),
    data: { title: "Plan", fk_start_column_id: id("Starts"), fk_group_column_id: id("Team") },
  });
  const view = (await made.json()) as { id: string };
  // A colour rule (Team is Red): the visitor's bar is red too.
  const coloured = await request.put(`/api/v1/db/meta/views/${view.id}/colour-rules`, {
    headers: authHeaders(token),
    data: {
      rules: [
        {
          id: "red",
          colour: "red",
          target: "row",
          filters: [{ fk_column_id: id("Team"), comparison_op: "eq", value: "Red" }],
        },
      ],
    },
  });
  expect(coloured.status(), await coloured.text()).toBe(200);
  const share = await request.post(`/api/v1/db/meta/views/${view.id}/share`, { headers: authHeaders(token) });
  const { uuid } = (await share.json()) as { uuid: string };
  await page.clock.setFixedTime(new Date("2026-11-05T10:00:00Z"));
  await page.goto(`/nc/view/${uuid}`);
  const shared = page.getByTestId("shared-timeline");
  await expect(shared.locator("[data-record]")).toHaveText(["Kickoff"]);
  await expect(shared.locator("[data-record]")).toHaveAttribute("data-first", "2026-11-10");
  await expect(shared.locator("[data-lane]")).toHaveText(["Red"]);
  await expect(shared.locator("[data-record]")).toHaveAttribute("data-colour", "red");
  await expect(page.getByText("Someday")).toBeVisible();
  await expect(page.getByTestId("timeline-bar")).toHaveCount(0);
});

test("at 375 px the axis scrolls inside its own area; right to left flips it", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Work", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Starts", uidt: "Date" },
  ]);
  await insertRows(request, token, projectId, "Work", [{ Name: "Kickoff", Starts: "2026-11-10" }]);
  const table = (await (
    await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers: authHeaders(token) })
  ).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const starts = table.columns.find((c) => c.title === "Starts")!.id;
  const made = await request.post(`/api/v1/db/meta/tables/${tableId}/timelines`, {
    headers: authHeaders(token),
    data: { title: "Plan", fk_start_column_id: starts },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.setFixedTime(new Date("2026-11-05T10:00:00Z"));
  await page.goto(`/nc/${projectId}/table/Work/Plan`);
  const scroller = page.getByTestId("timeline-scroller");
  await expect(page.getByTestId("timeline-bar")).toHaveAttribute("data-first", "2026-11-10");
  // The page itself does not scroll sideways; the timeline does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const today = (await page.getByTestId("timeline-today").boundingBox())!;
  const ltrBar = (await page.getByTestId("timeline-bar").boundingBox())!;
  expect(ltrBar.x).toBeGreaterThan(today.x); // later is to the right

  await page.getByTestId("language-picker").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("timeline-bar")).toHaveAttribute("data-first", "2026-11-10");
  const rtlToday = (await page.getByTestId("timeline-today").boundingBox())!;
  const rtlBar = (await page.getByTestId("timeline-bar").boundingBox())!;
  expect(rtlBar.x).toBeLessThan(rtlToday.x); // later is to the left
});
