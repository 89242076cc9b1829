import { expect, test } from "@playwright/test";
import { sharedForm } from "./form-helpers";
import { createTable, options, setup } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle } from "./helpers";

/**
 * Issue 22's form content rules as a visitor meets them: a question that shows on an earlier
 * answer, answers prefilled from the link (one hidden, one locked), two pages with progress and
 * Back keeping answers, and the builder's validation messages before Next and before Submit.
 */
const M = "/api/v1/db/meta";

test("a visitor fills a conditional, multi-page, prefilled form and sees validation messages", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("forms"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Forms"));
  const h = authHeaders(token);
  const table = await request.post(`${M}/projects/${projectId}/tables`, {
    headers: h,
    data: {
      table_name: "Signups",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Kind", uidt: "SingleSelect", colOptions: { options: [{ title: "Private" }, { title: "Business" }] } },
        { title: "Company", uidt: "SingleLineText" },
        { title: "Code", uidt: "SingleLineText" },
        { title: "Ref", uidt: "SingleLineText" },
        { title: "Source", uidt: "SingleLineText" },
        { title: "Contact", uidt: "Email" },
        { title: "Age", uidt: "Number" },
      ],
    },
  });
  expect(table.status(), await table.text()).toBe(200);
  const t = (await table.json()) as { id: string; columns: Array<{ id: string; title: string }> };
  const col = Object.fromEntries(t.columns.map((c) => [c.title, c.id]));
  const form = (
    (await (await request.post(`${M}/tables/${t.id}/forms`, { headers: h, data: { title: "Sign up" } })).json()) as {
      id: string;
    }
  ).id;
  const fcs = (
    (await (await request.get(`${M}/forms/${form}`, { headers: h })).json()) as {
      columns: Array<{ id: string; fk_column_id: string }>;
    }
  ).columns;
  const fc = (title: string) => fcs.find((x) => x.fk_column_id === col[title])!.id;
  const rules: Array<[string, unknown]> = [
    [
      "Company",
      {
        required: true,
        meta: {
          visibility: {
            is_group: true,
            logical_op: "and",
            children: [{ fk_column_id: col.Kind, comparison_op: "eq", value: "Business" }],
          },
        },
      },
    ],
    ["Code", { meta: { validation: { pattern: "[A-Z]{2}-\\d{3}", message: "Two capitals, a dash, three digits" } } }],
    ["Ref", { meta: { prefill: { lock: true } } }],
    ["Source", { meta: { prefill: { hide: true } } }],
    ["Age", { meta: { validation: { min: 18 }, pageBreak: true } }],
  ];
  for (const [title, body] of rules)
    expect((await request.patch(`${M}/form-columns/${fc(title)}`, { headers: h, data: body })).status(), title).toBe(
      200,
    );
  const uuid = ((await (await request.post(`${M}/views/${form}/share`, { headers: h })).json()) as { uuid: string })
    .uuid;

  await page.goto(`/nc/form/${uuid}?Name=Ada&ref=R-1&Source=newsletter`);
  await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  // Prefilled: Name as a normal answer, Ref locked, Source sent but not shown.
  await expect(page.getByLabel("Name")).toHaveValue("Ada");
  await expect(page.getByLabel("Ref")).toHaveValue("R-1");
  await expect(page.getByLabel("Ref")).not.toBeEditable();
  await expect(page.getByLabel("Source")).toBeHidden();
  // Company shows only for a business.
  await expect(page.getByLabel("Company")).toBeHidden();
  await page.getByLabel("Kind").selectOption("Business");
  await expect(page.getByLabel("Company")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Company is required")).toBeVisible();
  await page.getByLabel("Company").fill("ACME");
  await page.getByLabel("Code").fill("ab-1");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Two capitals, a dash, three digits")).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByLabel("Code").fill("AB-123");
  // A malformed e-mail is refused on its own page, under its question, before the last page.
  await page.getByLabel("Contact").click();
  await page.keyboard.type("ada@example");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page.getByLabel("Contact")).toBeFocused();
  await page.keyboard.type(".com");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByLabel("Age").fill("15");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Minimum: 18")).toBeVisible();
  // Back and forth keeps the answers.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Company")).toHaveValue("ACME");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Age")).toHaveValue("15");
  await page.getByLabel("Age").fill("30");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Thank you! Your response has been recorded.")).toBeVisible();

  const stored = await request.get(`/api/v1/db/data/noco/${projectId}/Signups?where=(Name,eq,Ada)`, { headers: h });
  const row = ((await stored.json()) as { list: Array<Record<string, unknown>> }).list[0]!;
  expect(row).toMatchObject({
    Kind: "Business",
    Company: "ACME",
    Code: "AB-123",
    Ref: "R-1",
    Source: "newsletter",
    Contact: "ada@example.com",
    Age: 30,
  });
});

test("a private visitor's hidden answer is not sent", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("forms"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Forms"));
  const h = authHeaders(token);
  const table = await request.post(`${M}/projects/${projectId}/tables`, {
    headers: h,
    data: {
      table_name: "Orders",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Gift", uidt: "Checkbox" },
        { title: "Note", uidt: "LongText" },
      ],
    },
  });
  const t = (await table.json()) as { id: string; columns: Array<{ id: string; title: string }> };
  const col = Object.fromEntries(t.columns.map((c) => [c.title, c.id]));
  const form = (
    (await (await request.post(`${M}/tables/${t.id}/forms`, { headers: h, data: { title: "Order" } })).json()) as {
      id: string;
    }
  ).id;
  const fcs = (
    (await (await request.get(`${M}/forms/${form}`, { headers: h })).json()) as {
      columns: Array<{ id: string; fk_column_id: string }>;
    }
  ).columns;
  const note = fcs.find((x) => x.fk_column_id === col.Note)!.id;
  const when = { is_group: true, logical_op: "and", children: [{ fk_column_id: col.Gift, comparison_op: "checked" }] };
  expect(
    (
      await request.patch(`${M}/form-columns/${note}`, {
        headers: h,
        data: { label: "Gift note", meta: { visibility: when } },
      })
    ).status(),
  ).toBe(200);
  const uuid = ((await (await request.post(`${M}/views/${form}/share`, { headers: h })).json()) as { uuid: string })
    .uuid;

  await page.goto(`/nc/form/${uuid}`);
  await page.getByLabel("Name").fill("Bea");
  await page.getByLabel("Gift", { exact: true }).check();
  await page.getByLabel("Gift note").fill("Happy birthday");
  await page.getByLabel("Gift", { exact: true }).uncheck();
  await expect(page.getByLabel("Gift note")).toBeHidden();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Thank you! Your response has been recorded.")).toBeVisible();
  const stored = await request.get(`/api/v1/db/data/noco/${projectId}/Orders?where=(Name,eq,Bea)`, { headers: h });
  expect(((await stored.json()) as { list: Array<Record<string, unknown>> }).list[0]).toMatchObject({
    Gift: false,
    Note: null,
  });
});

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("the builder writes a condition, a rule, a page break, a banner and a prefilled link; the preview follows them", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const h = authHeaders(token);
  const tableId = await createTable(request, token, projectId, "Tasks", [
    { title: "Name", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleSelect", colOptions: options(["Todo", "Doing"]) },
    { title: "Due", uidt: "Date" },
  ]);
  const { id: form } = await sharedForm(request, token, tableId, "Intake");
  const meta = async (title: string) => {
    const cols = (
      (await (await request.get(`${M}/tables/${tableId}`, { headers: h })).json()) as {
        columns: Array<{ id: string; title: string }>;
      }
    ).columns;
    const id = cols.find((c) => c.title === title)!.id;
    const fcs = (
      (await (await request.get(`${M}/forms/${form}`, { headers: h })).json()) as {
        columns: Array<{ fk_column_id: string; meta: Record<string, unknown> }>;
      }
    ).columns;
    return fcs.find((x) => x.fk_column_id === id)!.meta;
  };

  await page.goto(`/nc/${projectId}/table/Tasks/Intake`);
  await expect(page.getByTestId("form-question")).toHaveCount(3);

  // Due shows only when Status is Doing, and starts page 2.
  await page.getByRole("button", { name: "Rules for Due" }).click();
  const rules = page.getByTestId("question-rules");
  await rules.getByRole("button", { name: "Add condition" }).click();
  await rules.getByLabel("Filter 1 field").selectOption({ label: "Status" });
  await rules.getByLabel("Filter 1 value").selectOption("Doing");
  await expect.poll(async () => JSON.stringify((await meta("Due")).visibility ?? null)).toContain("Doing");
  await rules.getByRole("switch", { name: "Start a new page with this question" }).click();
  await expect(page.getByTestId("form-page-break")).toBeVisible();

  // Name: at least 3 characters.
  await page.getByRole("button", { name: "Rules for Name" }).click();
  await rules.getByLabel("Minimum length").fill("3");
  await rules.getByLabel("Minimum length").blur();
  await expect.poll(async () => (await meta("Name")).validation).toMatchObject({ min: 3 });
  // A message typed and, at once, a click on a switch: both are kept (the click's save went second).
  await rules.getByLabel("Message when the answer breaks a rule").click();
  await page.keyboard.type("Three letters at least");
  await rules.getByRole("switch", { name: "Lock the answer" }).click();
  await expect
    .poll(async () => {
      const m = (await meta("Name")) as { validation?: { message?: string }; prefill?: { lock?: boolean } };
      return [m.validation?.message, m.prefill?.lock];
    })
    .toEqual(["Three letters at least", true]);

  // The banner is an upload, shown from its signed link.
  await page
    .getByLabel("Banner image: upload image")
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PNG });
  const banner = page.getByTestId("form-banner").locator("img");
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute("src", /download\/noco\/.*\?e=\d+&s=/);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // The copy-link helper writes the prefill query.
  await page.getByText("Prefilled link").first().click();
  await page.getByTestId("prefill-link").getByLabel("Name").fill("Ada Lovelace");
  await expect(page.getByTestId("prefill-url")).toHaveValue(/\/nc\/form\/[0-9a-f-]{36}\?Name=Ada\+Lovelace$/);

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByTestId("form-preview");
  await expect(preview.getByLabel("Due")).toHaveCount(0);
  await preview.getByLabel("Status").selectOption("Doing");
  await expect(preview.getByLabel("Due")).toBeVisible();
  await preview.getByLabel("Name").fill("Ab");
  await preview.getByRole("button", { name: "Submit" }).click();
  await expect(preview).toContainText("Three letters at least");
});
