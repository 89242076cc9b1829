/**
 * Issues #33 and #42, the form builder against the shared form: the visitor's questions come in
 * the builder's order, a link field can be put on a form and is answered with the picker, a field
 * the table requires shows required (locked) in the builder, and the preview asks a multi-select
 * with boxes and a date in the column's format, as the shared form does.
 */
import { expect, test, type Page } from "@playwright/test";
import { createTable, insertRows, options, setup } from "./grid-helpers";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

/** A form made in the table's sidebar list, as a person makes one. */
async function newForm(page: Page, table: string, title: string) {
  await page
    .getByRole("list", { name: `Views of ${table}` })
    .getByRole("button", { name: "New view" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Create a view" });
  await dialog.getByText("Form", { exact: true }).click();
  // The name comes suggested: typed over, as a person does.
  await dialog.getByLabel("View name").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(title);
  await dialog.getByRole("button", { name: "Create view" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("sidebar-view").filter({ hasText: title })).toBeVisible();
}

test("the shared form asks in the builder's order; a link put on the form is answered with the picker", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const h = authHeaders(token);
  const peopleId = await createTable(request, token, projectId, "People", [{ title: "Who", uidt: "SingleLineText" }]);
  await insertRows(request, token, projectId, "People", [{ Who: "Pat" }, { Who: "Sam" }]);
  const leadsId = await createTable(request, token, projectId, "Leads", [
    { title: "Email", uidt: "Email" },
    { title: "Title", uidt: "SingleLineText", rqd: true },
    { title: "Count", uidt: "Number" },
    { title: "Active", uidt: "Checkbox" },
  ]);
  const link = await request.post(`${M}/tables/${leadsId}/columns`, {
    headers: h,
    data: { uidt: "LinkToAnotherRecord", title: "Contacts", parentId: leadsId, childId: peopleId, type: "mm" },
  });
  expect(link.status(), await link.text()).toBe(200);

  await page.goto(`/nc/${projectId}/table/Leads`);
  await newForm(page, "Leads", "Intake");
  // The table requires Title: the builder shows it required, and it cannot be switched off.
  const titleRequired = page.getByRole("switch", { name: "Title is required" });
  await expect(titleRequired).toHaveAttribute("aria-checked", "true");
  await expect(titleRequired).toBeDisabled();

  // Out, then in again in an order of the builder's own (not the table's: Email, Title, Count, Active, Contacts).
  await page.getByRole("button", { name: "Remove all" }).click();
  // Email, the display field, stays.
  await expect(page.getByRole("button", { name: "Add Title to the form" })).toBeVisible();
  for (const title of ["Count", "Contacts", "Title"]) {
    await page.getByRole("button", { name: `Add ${title} to the form` }).click();
    await expect(page.getByTestId("form-question").last()).toContainText(title);
  }
  const builderOrder = ["Email", "Count", "Contacts", "Title"];
  await expect(page.getByTestId("form-question").locator("p.text-xs")).toHaveText(builderOrder);
  const views = (await (await request.get(`${M}/tables/${leadsId}/views`, { headers: h })).json()) as {
    list: Array<{ id: string; title: string }>;
  };
  const formId = views.list.find((v) => v.title === "Intake")!.id;
  const table = (await (await request.get(`${M}/tables/${leadsId}`, { headers: h })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const titleOf = new Map(table.columns.map((c) => [c.id, c.title]));
  // The saved order, not only the builder's screen, before the visitor comes.
  await expect
    .poll(async () => {
      const form = (await (await request.get(`${M}/forms/${formId}`, { headers: h })).json()) as {
        columns: Array<{ fk_column_id: string; show: boolean; order: number }>;
      };
      const shown = form.columns.filter((c) => c.show).sort((a, b) => a.order - b.order);
      return shown.map((c) => titleOf.get(c.fk_column_id));
    })
    .toEqual(builderOrder);
  const share = await request.post(`${M}/views/${formId}/share`, { headers: h });
  const uuid = ((await share.json()) as { uuid: string }).uuid;

  await page.goto(`/nc/form/${uuid}`);
  await expect(page.locator("[data-field]")).toHaveCount(builderOrder.length);
  const asked = await page.locator("[data-field]").evaluateAll((els) => els.map((e) => e.getAttribute("data-field")));
  expect(asked).toEqual(builderOrder);

  await page.getByLabel("Count").click();
  await page.keyboard.type("3");
  await page.getByRole("searchbox", { name: "Link a record" }).click();
  await page.keyboard.type("Sa");
  await page.getByRole("option", { name: "Sam" }).click();
  await expect(page.locator('[data-field="Contacts"] [data-picked]')).toHaveText(/Sam/);
  await page.getByLabel("Title").click();
  await page.keyboard.type("Via the form");
  await page.getByLabel("Email").click();
  await page.keyboard.type("lead@example.com");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toBeVisible();

  const rows = (await (
    await request.get(
      `/api/v1/db/data/noco/${projectId}/Leads?where=${encodeURIComponent("(Title,eq,Via the form)")}`,
      {
        headers: h,
      },
    )
  ).json()) as { list: Array<{ Id: number; Count: number }> };
  expect(rows.list).toHaveLength(1);
  expect(rows.list[0]!.Count).toBe(3);
  const linked = await request.get(`/api/v1/db/data/noco/${projectId}/Leads/${rows.list[0]!.Id}/mm/Contacts`, {
    headers: h,
  });
  expect(((await linked.json()) as { list: Array<{ Who: string }> }).list.map((r) => r.Who)).toEqual(["Sam"]);
});

test("the preview asks a multi-select with boxes, a DD/MM/YYYY date in that format and a link with the picker, as the shared form", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const guidesId = await createTable(request, token, projectId, "Guides", [{ title: "Who", uidt: "SingleLineText" }]);
  await insertRows(request, token, projectId, "Guides", [{ Who: "Ana" }, { Who: "Bo" }]);
  const tripsId = await createTable(request, token, projectId, "Trips", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Tags", uidt: "MultiSelect", colOptions: options(["Sea", "Hills"]) },
    { title: "Start", uidt: "Date", meta: { date_format: "DD/MM/YYYY" } },
  ]);
  const link = await request.post(`${M}/tables/${tripsId}/columns`, {
    headers: authHeaders(token),
    data: { uidt: "LinkToAnotherRecord", title: "Guides", parentId: tripsId, childId: guidesId, type: "mm" },
  });
  expect(link.status(), await link.text()).toBe(200);
  await page.goto(`/nc/${projectId}/table/Trips`);
  await newForm(page, "Trips", "Plan");
  // A link is put on the form from the builder's list of fields.
  await page.getByRole("button", { name: "Add Guides to the form" }).click();
  await expect(page.getByTestId("form-question").last()).toContainText("Guides");
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByTestId("form-preview");
  const tags = preview.getByRole("group", { name: "Tags" });
  await expect(tags.getByRole("checkbox")).toHaveCount(2);
  await expect(preview.getByLabel("Start")).toHaveAttribute("placeholder", "DD/MM/YYYY");

  await preview.getByLabel("Name").click();
  await page.keyboard.type("Coast");
  await tags.getByLabel("Sea").check();
  await tags.getByLabel("Hills").check();
  await preview.getByLabel("Start").click();
  await page.keyboard.type("03/02/2027");
  // The link question is the shared form's picker, not a text box (#33 item 9).
  await preview.getByRole("searchbox", { name: "Link a record" }).click();
  await page.keyboard.type("An");
  await preview.getByRole("option", { name: "Ana" }).click();
  await expect(preview.locator("[data-picked]")).toHaveText(["Ana"]);
  await preview.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  await expect
    .poll(async () => {
      const res = await request.get(
        `/api/v1/db/data/noco/${projectId}/Trips/find-one?where=${encodeURIComponent("(Name,eq,Coast)")}`,
        { headers: authHeaders(token) },
      );
      const row = (await res.json()) as { Tags?: string; Start?: string };
      return [row.Tags, row.Start];
    })
    .toEqual(["Sea,Hills", "2027-02-03"]);
  const trip = await request.get(
    `/api/v1/db/data/noco/${projectId}/Trips/find-one?where=${encodeURIComponent("(Name,eq,Coast)")}`,
    { headers: authHeaders(token) },
  );
  const tripId = ((await trip.json()) as { Id: number }).Id;
  const linked = await request.get(`/api/v1/db/data/noco/${projectId}/Trips/${tripId}/mm/Guides`, {
    headers: authHeaders(token),
  });
  expect(((await linked.json()) as { list: Array<{ Who: string }> }).list.map((r) => r.Who)).toEqual(["Ana"]);
});
