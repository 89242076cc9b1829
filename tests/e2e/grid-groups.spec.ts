/**
 * Group-by in the grid (issue 37): a person groups a grid by a select from the toolbar, sees the
 * groups with their counts, collapses one, adds a record in a group by typing in the form that
 * opens with the group's value, and finds it in that group; drags a record to another group and
 * undoes it; the grouping is kept with the view; a sum chosen in Summaries shows in each group's header.
 */
import { expect, test } from "@playwright/test";
import { apiRows, createTable, insertRows, options, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

test("group a grid by a select, collapse a group, add a record in a group, drag one to another", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Work", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Done"]) },
    { title: "Points", uidt: "Number" },
  ]);
  await insertRows(request, token, projectId, "Work", [
    { Name: "Alpha", Status: "Todo", Points: 3 },
    { Name: "Beta", Status: "Todo", Points: 4 },
    { Name: "Gamma", Status: "Done", Points: 10 },
    { Name: "Delta", Status: null, Points: 1 },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/nc/${projectId}/table/Work`);
  const grid = page.getByTestId("grid");
  await expect(grid.getByText("Gamma")).toBeVisible();

  await page.getByRole("button", { name: "Group", exact: true }).click();
  await page.getByRole("button", { name: "Add group" }).click();
  const field = page.getByLabel("Group 1 field");
  await field.focus();
  await field.selectOption({ label: "Status" });
  await page.keyboard.press("Escape");

  const headers = page.getByTestId("group-header");
  const header = (value: string) => headers.filter({ has: page.getByRole("button", { name: `Status: ${value}` }) });
  await expect(headers).toHaveCount(3);
  await expect(header("Todo").getByTestId("group-count")).toHaveText("2");
  await expect(header("Done").getByTestId("group-count")).toHaveText("1");
  await expect(header("(empty)").getByTestId("group-count")).toHaveText("1");
  await expect(grid.getByText("Alpha")).toBeVisible();

  // Collapsed with the keyboard: its records go, the others stay.
  await header("Todo").getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(header("Todo").getByRole("button")).toHaveAttribute("aria-expanded", "false");
  await expect(grid.getByText("Alpha")).toHaveCount(0);
  await expect(grid.getByText("Gamma")).toBeVisible();

  // A record added in "Done" starts with Status Done and lands there.
  const adds = page.getByRole("button", { name: "Add a record in this group" });
  await expect(adds).toHaveCount(2);
  await adds.nth(1).click();
  const form = page.getByRole("dialog");
  await expect(form).toBeVisible();
  await form.getByLabel("Name").click();
  await page.keyboard.type("Epsilon");
  await form.getByRole("button", { name: "Create record" }).click();
  await expect(form).toBeHidden();
  await expect(header("Done").getByTestId("group-count")).toHaveText("2");
  await expect(grid.getByText("Epsilon")).toBeVisible();
  const rows = (await apiRows(request, token, projectId, "Work")) as Array<{ Name: string; Status: string | null }>;
  expect(rows.find((r) => r.Name === "Epsilon")?.Status).toBe("Done");

  // Dragged by its row number onto the empty group, Gamma loses its status; Undo puts it back.
  const gamma = grid.getByRole("row").filter({ hasText: "Gamma" });
  await gamma.locator("[data-gutter]").dragTo(header("(empty)"));
  await expect(header("(empty)").getByTestId("group-count")).toHaveText("2");
  await expect(header("Done").getByTestId("group-count")).toHaveText("1");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(header("Done").getByTestId("group-count")).toHaveText("2");
  await expect(header("(empty)").getByTestId("group-count")).toHaveText("1");

  // A record opens from the keyboard: its expand button takes focus, Enter opens it.
  await gamma.getByRole("button", { name: "Expand record 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByText("Record Gamma")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Kept with the view: grouped again after a reload.
  await page.reload();
  await expect(headers).toHaveCount(3);
  await expect(header("Done").getByTestId("group-count")).toHaveText("2");

  // Summaries while grouped: a sum of Points shows in every group's header, and over them all.
  const summaries = page.getByText("Summaries");
  await summaries.focus();
  await page.keyboard.press("Enter");
  const pick = page.getByLabel("Summary of Points");
  await pick.focus();
  await pick.selectOption({ label: "Sum" });
  await expect(header("Todo").getByTestId("group-aggregate-Points")).toContainText("7");
  await expect(header("Done").getByTestId("group-aggregate-Points")).toContainText("10");
  await expect(header("(empty)").getByTestId("group-aggregate-Points")).toContainText("1");
  await expect(page.getByTestId("grid-aggregate-Points")).toContainText("18");

  // A change made elsewhere (the API here; another user's tab alike) reaches the open grouped
  // grid through the room: the group's sum follows without a reload.
  const gammaRow = (await apiRows(request, token, projectId, "Work")).find((r) => r.Name === "Gamma")!;
  const changed = await request.patch(`/api/v1/db/data/noco/${projectId}/Work/${String(gammaRow.Id)}`, {
    headers: authHeaders(token),
    data: { Points: 15 },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect(header("Done").getByTestId("group-aggregate-Points")).toContainText("15");
  await expect(header("Todo").getByTestId("group-aggregate-Points")).toContainText("7");
});
