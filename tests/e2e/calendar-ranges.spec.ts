/**
 * Calendar records that span days (issue 22): a from/to record is one bar across its days that
 * continues into the next week's row; dragging its end, its start and the bar itself writes the
 * new from/to (checked through the API), undo puts the last change back, and the keyboard moves
 * the end or the whole record. The month names its weekdays (issue 33.11) and its weeks start on
 * the reader's first day of the week: Monday for English read in Britain, as this spec's browser is.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createTable, insertRows, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

test.use({ locale: "en-GB" });

/** Drags with the pointer from the middle of `from` to the middle of `to`, in steps, as a hand would. */
async function pointerDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test("a multi-day record is a bar across its days; its ends and the bar are dragged to a new range", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Trips", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Leaves", uidt: "Date" },
    { title: "Returns", uidt: "Date" },
  ]);
  await insertRows(request, token, projectId, "Trips", [
    { Name: "Lisbon", Leaves: "2026-11-05", Returns: "2026-11-10" },
    { Name: "Day trip", Leaves: "2026-11-12", Returns: null },
  ]);
  const table = (await (await request.get(`${M}/tables/${tableId}`, { headers: authHeaders(token) })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const id = (title: string) => table.columns.find((c) => c.title === title)!.id;
  const made = await request.post(`${M}/tables/${tableId}/calendars`, {
    headers: authHeaders(token),
    data: { title: "Travel", calendar_range: [{ fk_from_column_id: id("Leaves"), fk_to_column_id: id("Returns") }] },
  });
  expect(made.status(), await made.text()).toBe(200);
  const stored = async () => {
    const res = await request.get(
      `/api/v1/db/data/noco/${projectId}/Trips/find-one?where=${encodeURIComponent("(Name,eq,Lisbon)")}`,
      { headers: authHeaders(token) },
    );
    const row = (await res.json()) as { Leaves: string; Returns: string };
    return `${row.Leaves} → ${row.Returns}`;
  };

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.clock.setFixedTime(new Date("2026-11-05T10:00:00Z"));
  await page.goto(`/nc/${projectId}/table/Trips/Travel`);
  const day = (d: string) => page.locator(`[data-testid=calendar-day][data-day="${d}"]`);
  const lisbon = page.getByTestId("calendar-record").filter({ hasText: "Lisbon" });

  await expect(page.getByTestId("calendar-weekdays")).toHaveText("MonTueWedThuFriSatSun");
  // Thursday 5 to Tuesday 10 November: one piece from Thursday to Sunday, one from Monday 9 on.
  await expect(lisbon).toHaveCount(2);
  await expect(day("2026-11-05").getByTestId("calendar-record")).toHaveText("Lisbon");
  await expect(day("2026-11-09").getByTestId("calendar-record")).toHaveText("Lisbon");
  const first = (await day("2026-11-05").getByTestId("calendar-record").boundingBox())!;
  const cell = (await day("2026-11-05").boundingBox())!;
  expect(first.width).toBeGreaterThan(cell.width * 3.5); // Thursday to Sunday: four days wide

  // Drag the end from Tuesday 10 to Friday 13.
  await day("2026-11-09").getByTestId("calendar-record").hover();
  await pointerDrag(page, day("2026-11-09").getByTestId("calendar-resize-end"), day("2026-11-13"));
  await expect.poll(stored).toBe("2026-11-05 → 2026-11-13");
  await expect(day("2026-11-09").getByTestId("calendar-record")).toHaveAttribute("data-last", "2026-11-13");

  // Drag the start from Thursday 5 to Tuesday 3.
  await day("2026-11-05").getByTestId("calendar-record").hover();
  await pointerDrag(page, day("2026-11-05").getByTestId("calendar-resize-start"), day("2026-11-03"));
  await expect.poll(stored).toBe("2026-11-03 → 2026-11-13");
  await expect(day("2026-11-03").getByTestId("calendar-record")).toHaveText("Lisbon");

  // Move the whole bar a week later by dragging it to the Tuesday after: the length is kept.
  await day("2026-11-03")
    .getByTestId("calendar-record")
    .dragTo(day("2026-11-10"), { sourcePosition: { x: 10, y: 8 } });
  await expect.poll(stored).toBe("2026-11-10 → 2026-11-20");
  await expect(day("2026-11-10").getByTestId("calendar-record").filter({ hasText: "Lisbon" })).toHaveAttribute(
    "data-first",
    "2026-11-10",
  );

  // Undo puts the last change back.
  await page.getByRole("button", { name: "Undo date change" }).click();
  await expect.poll(stored).toBe("2026-11-03 → 2026-11-13");

  // The week view draws the same bar across the days it covers.
  await page.getByRole("button", { name: "Week" }).click();
  await expect(page.getByTestId("calendar-day")).toHaveCount(7);
  await expect(day("2026-11-02").getByTestId("calendar-record")).toHaveCount(0);
  await expect(day("2026-11-03").getByTestId("calendar-record")).toHaveAttribute("data-last", "2026-11-13");

  // From the keyboard: Alt+Shift+arrow moves the end a day, Alt+arrow the whole record.
  await day("2026-11-03").getByTestId("calendar-record").getByRole("button").focus();
  await page.keyboard.press("Alt+Shift+ArrowRight");
  await expect.poll(stored).toBe("2026-11-03 → 2026-11-14");
  await day("2026-11-03").getByTestId("calendar-record").getByRole("button").focus();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect.poll(stored).toBe("2026-11-02 → 2026-11-13");
});
