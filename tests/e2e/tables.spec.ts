/** Tables, fields and tabs, end to end; each test signs up its own owner and project. */
import { expect, test, type Page } from "@playwright/test";
import {
  createProjectByApi,
  createTableByApi,
  expectPath,
  signUpByApi,
  uniqueEmail,
  uniqueTitle,
  useToken,
} from "./helpers";

/** Every non-virtual type the field editor offers, with the label its picker shows. */
const TYPES: Array<[string, string]> = [
  ["SingleLineText", "Single line text"],
  ["LongText", "Long text"],
  ["Attachment", "Attachment"],
  ["Checkbox", "Checkbox"],
  ["MultiSelect", "Multi select"],
  ["SingleSelect", "Single select"],
  ["Date", "Date"],
  ["Year", "Year"],
  ["Time", "Time"],
  ["PhoneNumber", "Phone number"],
  ["Email", "Email"],
  ["URL", "URL"],
  ["Number", "Number"],
  ["Decimal", "Decimal"],
  ["Currency", "Currency"],
  ["Percent", "Percent"],
  ["Duration", "Duration"],
  ["Rating", "Rating"],
  ["DateTime", "Date and time"],
  ["Geometry", "Geometry"],
  ["JSON", "JSON"],
  ["SpecificDBType", "Specific database type"],
];

const fieldRow = (page: Page, title: string) => page.locator(`[data-testid="field-row"][data-title="${title}"]`);

/** The table tab shows the grid; its field list opens from the Fields menu. */
async function openFieldList(page: Page) {
  await page.getByRole("button", { name: "Fields", exact: true }).click();
  await page.getByRole("dialog", { name: "Fields", exact: true }).getByRole("button", { name: "Edit fields" }).click();
  await expect(page.getByRole("dialog", { name: /^Fields of / })).toBeVisible();
}
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Project navigation" });
const tabBar = (page: Page) => page.getByRole("navigation", { name: "Open tabs" });

async function openProject(page: Page, request: Parameters<typeof signUpByApi>[0]) {
  const token = await signUpByApi(request, uniqueEmail("builder"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Build"));
  await useToken(page, token);
  return { token, projectId };
}

test("a table made in the UI takes one field of every non-virtual type; fields survive a reload, are renamed and deleted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { projectId } = await openProject(page, request);
  await page.goto(`/nc/${projectId}`);

  // Create the table; its name is checked as typed (SPEC 5).
  await page.getByRole("button", { name: "Create table" }).first().click();
  const create = page.getByRole("dialog", { name: "Create table" });
  await create.getByLabel("Table name").fill("Cat.alog");
  await expect(create.getByText("The following characters are not allowed: .")).toBeVisible();
  await create.getByLabel("Table name").fill("Catalog");
  await create.getByLabel("Table name").press("Enter");
  await expect(create).toBeHidden();
  await expectPath(page, `/nc/${projectId}/table/Catalog`);
  await openFieldList(page);
  for (const title of ["Id", "Title", "CreatedAt", "UpdatedAt"]) await expect(fieldRow(page, title)).toBeVisible();
  await expect(fieldRow(page, "Title")).toContainText("Display value");
  await expect(fieldRow(page, "CreatedAt")).toContainText("System");

  // A new field may be of any type, links and computed ones included.
  await page.getByRole("button", { name: "Add field" }).click();
  const editor = page.getByRole("dialog", { name: "Add field" });
  await expect(editor.getByRole("radio", { name: "Formula", exact: true })).toBeEnabled();
  await expect(editor.getByRole("radio", { name: "Link to another record", exact: true })).toBeEnabled();
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();

  for (const [uidt, label] of TYPES) {
    await page.getByRole("button", { name: "Add field" }).click();
    await expect(editor).toBeVisible();
    await editor.getByLabel("Field name").fill(`F ${uidt}`);
    await editor.getByRole("radio", { name: label, exact: true }).click();
    await expect(editor.getByRole("radio", { name: label, exact: true })).toHaveAttribute("aria-checked", "true");
    if (uidt === "SingleSelect" || uidt === "MultiSelect") {
      await editor.getByRole("button", { name: "Add option" }).click();
      await editor.getByLabel("Option 1", { exact: true }).fill("Alpha");
      await editor.getByRole("button", { name: "Add option" }).click();
      await editor.getByLabel("Option 2", { exact: true }).fill("Beta");
    }
    if (uidt === "Rating") await editor.getByLabel("Maximum rating").selectOption("10");
    if (uidt === "Currency") await editor.getByLabel("Currency code").selectOption("EUR");
    await editor.getByRole("button", { name: "Add field", exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(fieldRow(page, `F ${uidt}`)).toBeVisible();
  }

  await page.reload();
  await openFieldList(page);
  await expect(fieldRow(page, "Id")).toBeVisible();
  for (const [uidt, label] of TYPES) await expect(fieldRow(page, `F ${uidt}`)).toContainText(label);
  await expect(page.getByTestId("field-row")).toHaveCount(4 + TYPES.length);

  // The options came back as saved.
  await page.getByRole("button", { name: "Edit field F SingleSelect" }).click();
  const edit = page.getByRole("dialog", { name: "Edit field F SingleSelect" });
  await expect(edit.getByLabel("Option 2", { exact: true })).toHaveValue("Beta");
  await page.keyboard.press("Escape");

  // Rename a field, then delete it.
  await page.getByRole("button", { name: "Edit field F Email" }).click();
  const rename = page.getByRole("dialog", { name: "Edit field F Email" });
  await rename.getByLabel("Field name").fill("Contact email");
  await rename.getByRole("button", { name: "Save field" }).click();
  await expect(rename).toBeHidden();
  await expect(fieldRow(page, "Contact email")).toBeVisible();
  await expect(fieldRow(page, "F Email")).toHaveCount(0);

  await page.getByRole("button", { name: "Delete field Contact email" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete field?" });
  await confirm.getByRole("button", { name: "Delete field" }).click();
  await expect(confirm).toBeHidden();
  await expect(fieldRow(page, "Contact email")).toHaveCount(0);
  await page.reload();
  await openFieldList(page);
  await expect(fieldRow(page, "Id")).toBeVisible();
  await expect(fieldRow(page, "Contact email")).toHaveCount(0);
});

test("tabs: opening tables adds tabs; closing the active one focuses the other; renaming updates the route", async ({
  page,
  request,
}) => {
  const { token, projectId } = await openProject(page, request);
  const alphaId = await createTableByApi(request, token, projectId, "Alpha");
  await createTableByApi(request, token, projectId, "Beta");
  await page.goto(`/nc/${projectId}`);

  await sidebar(page).getByRole("link", { name: "Alpha", exact: true }).click();
  await expectPath(page, `/nc/${projectId}/table/Alpha`);
  await sidebar(page).getByRole("link", { name: "Beta", exact: true }).click();
  await expectPath(page, `/nc/${projectId}/table/Beta`);
  await expect(tabBar(page).getByTestId("project-tab")).toHaveCount(2);
  await expect(tabBar(page).getByRole("link", { name: "Beta" })).toHaveAttribute("aria-current", "page");

  // Opening an open table focuses its tab instead of adding one.
  await sidebar(page).getByRole("link", { name: "Alpha", exact: true }).click();
  await expect(tabBar(page).getByTestId("project-tab")).toHaveCount(2);
  await expect(tabBar(page).getByRole("link", { name: "Alpha" })).toHaveAttribute("aria-current", "page");
  await tabBar(page).getByRole("link", { name: "Beta" }).click();
  await expectPath(page, `/nc/${projectId}/table/Beta`);

  // Close the active tab: the other one is focused.
  await page.getByRole("button", { name: "Close tab Beta" }).click();
  await expectPath(page, `/nc/${projectId}/table/Alpha`);
  await expect(tabBar(page).getByTestId("project-tab")).toHaveCount(1);
  await expect(tabBar(page).getByRole("link", { name: "Alpha" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Alpha" })).toBeVisible();

  // Renaming the active table updates the tab and the route.
  await page.getByRole("button", { name: "Rename table Alpha" }).click();
  const rename = page.getByRole("dialog", { name: "Rename table" });
  await rename.getByLabel("Table name").fill("Beta");
  await expect(rename.getByText("Duplicate table alias")).toBeVisible();
  await rename.getByLabel("Table name").fill("Gamma");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  await expectPath(page, `/nc/${projectId}/table/Gamma`);
  await expect(tabBar(page).getByRole("link", { name: "Gamma" })).toHaveAttribute("aria-current", "page");

  // Closing the last tab opens the project home.
  await page.getByRole("button", { name: "Close tab Gamma" }).click();
  await expectPath(page, `/nc/${projectId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Tables" })).toBeVisible();

  // Move Beta above Gamma, then delete Beta after confirming.
  // The reorder must reach the server before the reload reads the order back: the moved tables
  // are renumbered one after another, Gamma (once Alpha) last.
  const reordered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/v1/db/meta/tables/${alphaId}/reorder`,
  );
  await page.getByRole("button", { name: "Move Beta up" }).click();
  expect((await reordered).ok()).toBe(true);
  await expect(sidebar(page).getByTestId("sidebar-table").first()).toContainText("Beta");
  await page.reload();
  await expect(sidebar(page).getByTestId("sidebar-table").first()).toContainText("Beta");
  await page.getByRole("button", { name: "Delete table Beta" }).click();
  await page.getByRole("dialog", { name: "Delete table?" }).getByRole("button", { name: "Delete table" }).click();
  await expect(sidebar(page).getByTestId("sidebar-table")).toHaveCount(1);
});

test("changing a field to a type its values do not fit shows the server's refusal", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  await createTableByApi(request, token, projectId, "Things");
  const row = await request.post(`/api/v1/db/data/noco/${projectId}/Things`, {
    headers: { "xc-auth": token },
    data: { Title: "twelve" },
  });
  expect(row.status(), await row.text()).toBe(200);

  await page.goto(`/nc/${projectId}/table/Things`);
  await openFieldList(page);
  await page.getByRole("button", { name: "Edit field Title" }).click();
  const editor = page.getByRole("dialog", { name: "Edit field Title" });
  await editor.getByRole("radio", { name: "Number", exact: true }).click();
  await editor.getByRole("button", { name: "Save field" }).click();
  await expect(editor.getByRole("alert")).toContainText(
    'Cannot change Title to Number: 1 value does not fit ("twelve")',
  );
  await page.keyboard.press("Escape");
  await expect(fieldRow(page, "Title")).toContainText("Single line text");
});
