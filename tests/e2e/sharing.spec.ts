import { expect, test, type APIRequestContext } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

/** A visitor without an account meets shared forms, surveys and views (SPEC 4, 8). */
const M = "/api/v1/db/meta";

async function setup(request: APIRequestContext) {
  const token = await signUpByApi(request, uniqueEmail("share"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Share"));
  const h = authHeaders(token);
  const table = await request.post(`${M}/projects/${projectId}/tables`, {
    headers: h,
    data: {
      table_name: "Leads",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "New" }, { title: "Won" }] } },
        { title: "Files", uidt: "Attachment" },
      ],
    },
  });
  expect(table.status(), await table.text()).toBe(200);
  const tableId = ((await table.json()) as { id: string }).id;
  const rows = [
    { Name: "Ada", Status: "New" },
    { Name: "Grace", Status: "Won" },
  ];
  expect(
    (await request.post(`/api/v1/db/data/bulk/noco/${projectId}/Leads`, { headers: h, data: rows })).status(),
  ).toBe(200);
  const make = async (route: string, body: unknown) =>
    (
      (await (await request.post(`${M}/tables/${tableId}/${route}`, { headers: h, data: body })).json()) as {
        id: string;
      }
    ).id;
  const share = async (viewId: string, patch?: unknown) => {
    const res = await request.post(`${M}/views/${viewId}/share`, { headers: h });
    expect(res.status(), await res.text()).toBe(200);
    if (patch)
      expect((await request.patch(`${M}/views/${viewId}/share`, { headers: h, data: patch })).status()).toBe(200);
    return ((await res.json()) as { uuid: string }).uuid;
  };
  const views = (await (await request.get(`${M}/tables/${tableId}/views`, { headers: h })).json()) as {
    list: Array<{ id: string }>;
  };
  return { token, projectId, tableId, h, make, share, grid: views.list[0]!.id };
}

test("a visitor submits a form with a file, sees the success message and the countdown to a blank form", async ({
  page,
  request,
}) => {
  const s = await setup(request);
  const form = await s.make("forms", { title: "Apply" });
  expect(
    (
      await request.patch(`${M}/forms/${form}`, {
        headers: s.h,
        data: { show_blank_form: true, success_msg: "Thanks, we got it" },
      })
    ).status(),
  ).toBe(200);
  const uuid = await s.share(form);
  await page.goto(`/nc/form/${uuid}`);
  await expect(page.getByRole("heading", { name: "Apply" })).toBeVisible();
  await page.getByLabel("Name").fill("Linus");
  await page.getByLabel("Status").selectOption("Won");
  await page
    .getByLabel("Files")
    .setInputFiles({ name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("my cv") });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks, we got it" }).first()).toBeVisible();
  await expect(page.getByText(/A new form opens in [1-5] seconds/)).toBeVisible();
  // After the countdown, a blank form again.
  await expect(page.getByLabel("Name")).toHaveValue("", { timeout: 10_000 });
  const stored = await request.get(`/api/v1/db/data/noco/${s.projectId}/Leads?where=(Name,eq,Linus)`, { headers: s.h });
  const row = ((await stored.json()) as { list: Array<{ Status: string; Files: Array<{ title: string }> }> }).list[0]!;
  expect(row.Status).toBe("Won");
  expect(row.Files[0]!.title).toBe("cv.txt");
});

test("a required field stops the form with its message", async ({ page, request }) => {
  const s = await setup(request);
  const form = await s.make("forms", { title: "Strict" });
  const cols = (await (await request.get(`${M}/forms/${form}`, { headers: s.h })).json()) as {
    columns: Array<{ id: string; fk_column_id: string }>;
  };
  const tbl = (await (await request.get(`${M}/tables/${s.tableId}`, { headers: s.h })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const nameCol = tbl.columns.find((c) => c.title === "Name")!.id;
  const vc = cols.columns.find((c) => c.fk_column_id === nameCol)!;
  await request.patch(`${M}/form-columns/${vc.id}`, { headers: s.h, data: { required: true, label: "Your name" } });
  const uuid = await s.share(form);
  await page.goto(`/nc/form/${uuid}`);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your name is required")).toBeVisible();
});

test("a password-protected grid: a wrong password, then the right one", async ({ page, request }) => {
  const s = await setup(request);
  const uuid = await s.share(s.grid, { password: "letmein-please" });
  await page.goto(`/nc/view/${uuid}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.getByRole("textbox", { name: "Password" }).fill("nope");
  await dialog.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Something went wrong. Please check your credentials.")).toBeVisible();
  await page.getByRole("textbox", { name: "Password" }).fill("letmein-please");
  await expect(page.getByText("Something went wrong. Please check your credentials.")).toBeHidden();
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("cell", { name: "Grace" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
});

test("an unknown link says so", async ({ page }) => {
  await page.goto("/nc/view/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("This shared view does not exist or is no longer shared.")).toBeVisible();
});

test("a shared kanban and gallery show their records", async ({ page, request }) => {
  const s = await setup(request);
  const tbl = (await (await request.get(`${M}/tables/${s.tableId}`, { headers: s.h })).json()) as {
    columns: Array<{ id: string; title: string }>;
  };
  const status = tbl.columns.find((c) => c.title === "Status")!.id;
  const kanban = await s.share(await s.make("kanbans", { title: "Board", fk_grp_col_id: status }));
  await page.goto(`/nc/kanban/${kanban}`);
  await expect(page.locator('[data-stack="Won"]').getByText("Grace")).toBeVisible();
  await expect(page.locator('[data-stack="New"]').getByText("Ada")).toBeVisible();
  const gallery = await s.share(await s.make("galleries", { title: "Cards" }), {
    meta: { allowCSVDownload: false, rtl: true },
  });
  await page.goto(`/nc/gallery/${gallery}`);
  await expect(page.locator("[data-card]")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("the survey goes one question at a time with the keyboard only", async ({ page, request }) => {
  const s = await setup(request);
  const form = await s.make("forms", { title: "Survey" });
  const uuid = await s.share(form, { meta: { surveyMode: true, theme: { primaryColor: "#aa3300" } } });
  await page.goto(`/nc/survey/${uuid}`);
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await page.keyboard.type("Keyboard Kate");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Question 2 of 3")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Question 3 of 3")).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you! Your response has been recorded.")).toBeVisible();
  const stored = await request.get(`/api/v1/db/data/noco/${s.projectId}/Leads?where=(Name,eq,Keyboard Kate)`, {
    headers: s.h,
  });
  expect(((await stored.json()) as { list: unknown[] }).list).toHaveLength(1);
});

test("the builder shares a view, copies its link, and unsharing makes the link 404 at once", async ({
  page,
  request,
  context,
}) => {
  const s = await setup(request);
  await useToken(page, s.token);
  await page.goto(`/nc/${s.projectId}/table/Leads`);
  await page.getByRole("button", { name: "Share view" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("switch", { name: "Public link" }).click();
  const linkBox = dialog.getByRole("textbox", { name: "Public link" });
  await expect(linkBox).toHaveValue(/\/nc\/view\/[0-9a-f-]{36}$/);
  const link = await linkBox.inputValue();
  await expect(dialog.getByTestId("shared-views-list")).toContainText("Leads");
  await dialog.getByRole("textbox", { name: "New password" }).fill("builder-secret");
  await dialog.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Password saved")).toBeVisible();
  // The dialog tells that a password is set (issue 42.16); the box is empty again.
  await expect(dialog.getByTestId("share-password-set")).toContainText("Password set");

  const visitor = await context.browser()!.newContext();
  const guest = await visitor.newPage();
  await guest.goto(link);
  await guest.getByRole("textbox", { name: "Password" }).fill("builder-secret");
  await guest.getByRole("button", { name: "Unlock" }).click();
  await expect(guest.getByRole("cell", { name: "Ada" })).toBeVisible();

  // Removing it is a button, not saving an empty one.
  await dialog.getByRole("button", { name: "Remove password" }).click();
  await expect(page.getByText("Password removed")).toBeVisible();
  await expect(dialog.getByTestId("share-password-set")).toHaveCount(0);

  await dialog.getByRole("switch", { name: "Public link" }).click();
  await expect(page.getByText("The link no longer works")).toBeVisible();
  const uuid = link.split("/").pop()!;
  expect(
    (
      await request.get(`/api/v1/db/public/shared-view/${uuid}/meta`, { headers: { "xc-password": "builder-secret" } })
    ).status(),
  ).toBe(404);
  await guest.reload();
  await expect(guest.getByText("This shared view does not exist or is no longer shared.")).toBeVisible();
  await visitor.close();
  // The app's own view pages share a path shape with shared views; they still get the app.
  const appPage = await request.get(`/nc/${s.projectId}/view/Leads`);
  expect(appPage.headers()["content-type"]).toContain("text/html");
  expect(await appPage.text()).toContain('id="root"');
});

test("a form's link field: the visitor searches, picks a record, and the link is stored", async ({ page, request }) => {
  const s = await setup(request);
  const people = await request.post(`${M}/projects/${s.projectId}/tables`, {
    headers: s.h,
    data: { table_name: "People", columns: [{ title: "Who", uidt: "SingleLineText" }] },
  });
  const peopleId = ((await people.json()) as { id: string }).id;
  await request.post(`/api/v1/db/data/bulk/noco/${s.projectId}/People`, {
    headers: s.h,
    data: [{ Who: "Pat" }, { Who: "Sam" }],
  });
  const col = await request.post(`${M}/tables/${s.tableId}/columns`, {
    headers: s.h,
    data: { uidt: "LinkToAnotherRecord", title: "Contacts", parentId: s.tableId, childId: peopleId, type: "mm" },
  });
  expect(col.status(), await col.text()).toBe(200);
  const form = await s.make("forms", { title: "Linked" });
  const contactsId = ((await col.json()) as { columns: Array<{ id: string; title: string }> }).columns.find(
    (c) => c.title === "Contacts",
  )!.id;
  const vcs = (await (await request.get(`${M}/views/${form}/columns`, { headers: s.h })).json()) as {
    list: Array<{ id: string; fk_column_id: string }>;
  };
  const vc = vcs.list.find((x) => x.fk_column_id === contactsId)!;
  expect(
    (await request.patch(`${M}/views/${form}/columns/${vc.id}`, { headers: s.h, data: { show: true } })).status(),
  ).toBe(200);
  const uuid = await s.share(form);
  await page.goto(`/nc/form/${uuid}`);
  await page.getByLabel("Name").fill("With link");
  await page.getByRole("searchbox", { name: "Link a record" }).fill("Sa");
  await page.getByRole("option", { name: "Sam" }).click();
  await expect(page.locator('[data-field="Contacts"] [data-picked]')).toHaveText(/Sam/);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Thank you! Your response has been recorded.")).toBeVisible();
  const stored = await request.get(`/api/v1/db/data/noco/${s.projectId}/Leads/3/mm/Contacts`, { headers: s.h });
  expect(((await stored.json()) as { list: Array<{ Who: string }> }).list.map((r) => r.Who)).toEqual(["Sam"]);
});
