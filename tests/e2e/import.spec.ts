/** Import (CSV, spreadsheets, JSON) and export, end to end; each test signs up its own owner. */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

interface Meta {
  id: string;
  title: string;
  columns: Array<{ id: string; title: string; uidt: string; system?: boolean; pk?: boolean }>;
}

async function openProject(page: Page, request: APIRequestContext) {
  const token = await signUpByApi(request, uniqueEmail("import"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Import"));
  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);
  return { token, projectId };
}

async function tableByTitle(
  request: APIRequestContext,
  token: string,
  projectId: string,
  title: string,
): Promise<Meta> {
  const list = await request.get(`/api/v1/db/meta/projects/${projectId}/tables`, { headers: authHeaders(token) });
  const table = ((await list.json()) as { list: Meta[] }).list.find((t) => t.title === title);
  expect(table, `table ${title} exists`).toBeTruthy();
  const res = await request.get(`/api/v1/db/meta/tables/${table!.id}`, { headers: authHeaders(token) });
  return (await res.json()) as Meta;
}

async function rowsOf(request: APIRequestContext, token: string, projectId: string, tableId: string) {
  const res = await request.get(`/api/v1/db/data/noco/${projectId}/${tableId}?limit=1000`, {
    headers: authHeaders(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { list: Record<string, unknown>[] }).list;
}

const typesOf = (meta: Meta) =>
  Object.fromEntries(meta.columns.filter((c) => !c.system && !c.pk).map((c) => [c.title, c.uidt]));

const dialog = (page: Page) => page.getByRole("dialog");

async function chooseFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await dialog(page).getByLabel("Choose a file").setInputFiles({ name, mimeType, buffer });
}

async function runImport(page: Page, expected: RegExp | string) {
  await dialog(page).getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog(page).getByText("Import finished")).toBeVisible({ timeout: 30_000 });
  await expect(dialog(page).getByTestId("import-outcome").filter({ hasText: expected })).toBeVisible();
}

const PEOPLE_CSV =
  "\ufeffName;Notes;Age;Price;Active;Email;Status;Joined\r\n" +
  'Ann;"line one\r\nline two";31;12.5;yes;ann@example.com;Open;2024-01-02\r\n' +
  'Bob;"semi; colon";42;7.25;no;bob@example.com;Closed;2024-02-03\r\n' +
  "Cid;plain;27;3;yes;cid@example.com;Open;2024-03-04\r\n" +
  'Dee;"say ""hi""";35;1.5;no;dee@example.com;Open;2024-04-05\r\n';

const PEOPLE_TYPES = {
  Name: "SingleLineText",
  Notes: "LongText",
  Age: "Number",
  Price: "Decimal",
  Active: "Checkbox",
  Email: "Email",
  Status: "SingleSelect",
  Joined: "Date",
};

async function importPeople(page: Page, fileName = "people.csv", csv = PEOPLE_CSV) {
  await page.getByRole("button", { name: "Quick import" }).first().click();
  await chooseFile(page, fileName, "text/csv", Buffer.from(csv, "utf8"));
  await expect(dialog(page).getByLabel("Field type for Notes")).toHaveValue("LongText");
}

test("a CSV with a BOM, semicolons and quoted newlines becomes a typed table", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  await importPeople(page);
  await expect(dialog(page).getByLabel("Table name")).toHaveValue("people");
  for (const [title, uidt] of Object.entries(PEOPLE_TYPES))
    await expect(dialog(page).getByLabel(`Field type for ${title}`)).toHaveValue(uidt);
  await runImport(page, "4 rows imported into people");

  const meta = await tableByTitle(request, token, projectId, "people");
  expect(typesOf(meta)).toEqual(PEOPLE_TYPES);
  const rows = await rowsOf(request, token, projectId, meta.id);
  expect(rows).toHaveLength(4);
  expect(rows[0]).toMatchObject({
    Name: "Ann",
    Notes: "line one\r\nline two",
    Age: 31,
    Price: 12.5,
    Active: true,
    Status: "Open",
    Joined: "2024-01-02",
  });
  expect(rows[1]).toMatchObject({ Notes: "semi; colon", Active: false });
  expect(rows[3]).toMatchObject({ Notes: 'say "hi"' });
});

test("file names are checked per kind, and a CSV loads from a URL", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  await page.getByRole("button", { name: "Quick import" }).first().click();
  await chooseFile(page, "people.txt", "text/plain", Buffer.from("a,b\n1,2\n"));
  await expect(dialog(page).getByText("The accepted file type is .csv")).toBeVisible();
  await dialog(page).getByRole("radio", { name: "Spreadsheet" }).click();
  await chooseFile(page, "people.csv", "text/csv", Buffer.from("a,b\n1,2\n"));
  await expect(dialog(page).getByText("The accepted file types are .xls, .xlsx, .xlsm, .ods and .ots")).toBeVisible();

  await dialog(page).getByRole("radio", { name: "CSV" }).click();
  await page.route("https://files.example.test/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/csv",
      headers: { "access-control-allow-origin": "*" },
      body: "city|pop\nOslo|700000\nBergen|290000\n",
    }),
  );
  await dialog(page).getByLabel("Or import from a URL").fill("https://files.example.test/data/cities.csv?v=1");
  await dialog(page).getByRole("button", { name: "Load URL" }).click();
  await expect(dialog(page).getByLabel("Table name")).toHaveValue("cities");
  await runImport(page, "2 rows imported into cities");
  const meta = await tableByTitle(request, token, projectId, "cities");
  expect(typesOf(meta)).toEqual({ city: "SingleLineText", pop: "Number" });
});

test("an xlsx with two sheets becomes two tables; an ods becomes one", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Product", "Price", "Launched", "InStock", "Units"],
      ["Lamp", { t: "n", v: 19.99, z: '"$"#,##0.00' }, { t: "n", v: 45293, z: "yyyy-mm-dd" }, true, 3],
      ["Desk", { t: "n", v: 120, z: '"$"#,##0.00' }, { t: "n", v: 45324, z: "yyyy-mm-dd" }, false, 12],
      ["Chair", { t: "n", v: 45.5, z: '"$"#,##0.00' }, { t: "n", v: 45355, z: "yyyy-mm-dd" }, true, 7],
    ]),
    "Products",
  );
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Region", "Share"],
      ["North", 0.25],
      ["South", 0.75],
    ]),
    "Regions 2024",
  );
  const xlsx = Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Uint8Array);

  await page
    .getByRole("navigation", { name: "Project navigation" })
    .getByRole("button", { name: "Import CSV / spreadsheet / JSON" })
    .click();
  await page.getByRole("menuitem", { name: "Import spreadsheet" }).click();
  await chooseFile(page, "catalog.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", xlsx);
  await expect(dialog(page).getByLabel("Table name for Products")).toHaveValue("Products");
  await expect(dialog(page).getByLabel("Table name for Regions 2024")).toHaveValue("Regions 2024");
  await dialog(page).getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog(page).getByText("3 rows imported into Products")).toBeVisible({ timeout: 30_000 });
  await expect(dialog(page).getByText("2 rows imported into Regions 2024")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Done" }).click();

  const products = await tableByTitle(request, token, projectId, "Products");
  expect(typesOf(products)).toEqual({
    Product: "SingleLineText",
    Price: "Currency",
    Launched: "Date",
    InStock: "Checkbox",
    Units: "Number",
  });
  const rows = await rowsOf(request, token, projectId, products.id);
  expect(rows).toHaveLength(3);
  expect(rows[0]).toMatchObject({ Product: "Lamp", Price: 19.99, Launched: "2024-01-02", InStock: true, Units: 3 });
  const regions = await tableByTitle(request, token, projectId, "Regions 2024");
  expect(typesOf(regions)).toEqual({ Region: "SingleLineText", Share: "Decimal" });
  expect(await rowsOf(request, token, projectId, regions.id)).toHaveLength(2);

  const ods = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    ods,
    XLSX.utils.aoa_to_sheet([
      ["Task", "Done", "Hours"],
      ["Paint", "yes", 2],
      ["Sand", "no", 1.5],
      ["Seal", "yes", 3],
    ]),
    "Tasks",
  );
  await page.getByRole("button", { name: "Quick import" }).first().click();
  await dialog(page).getByRole("radio", { name: "Spreadsheet" }).click();
  await chooseFile(
    page,
    "tasks.ods",
    "application/vnd.oasis.opendocument.spreadsheet",
    Buffer.from(XLSX.write(ods, { type: "buffer", bookType: "ods" }) as Uint8Array),
  );
  await expect(dialog(page).getByLabel("Table name")).toHaveValue("Tasks");
  await runImport(page, "3 rows imported into Tasks");
  const tasks = await tableByTitle(request, token, projectId, "Tasks");
  expect(typesOf(tasks)).toEqual({ Task: "SingleLineText", Done: "Checkbox", Hours: "Decimal" });
  expect((await rowsOf(request, token, projectId, tasks.id)).map((r) => r.Done)).toEqual([true, false, true]);
});

test("a nested JSON document is flattened into fields", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  const doc = [
    { name: "Ann", address: { city: "Oslo", zip: "0150" }, tags: ["a", "b"], active: true, score: 1.5 },
    { name: "Bob", address: { city: "Bergen", zip: "5003" }, tags: [], active: false, score: 2 },
  ];
  await page.getByRole("button", { name: "Quick import" }).first().click();
  await dialog(page).getByRole("radio", { name: "JSON" }).click();
  await chooseFile(page, "members.json", "application/json", Buffer.from(JSON.stringify(doc)));
  await expect(dialog(page).getByLabel("Field name for address.city")).toHaveValue("address_city");
  await runImport(page, "2 rows imported into members");
  const meta = await tableByTitle(request, token, projectId, "members");
  expect(typesOf(meta)).toEqual({
    name: "SingleLineText",
    address_city: "SingleLineText",
    address_zip: "SingleLineText",
    tags: "JSON",
    active: "Checkbox",
    score: "Decimal",
  });
  const rows = await rowsOf(request, token, projectId, meta.id);
  expect(rows[0]).toMatchObject({
    name: "Ann",
    address_city: "Oslo",
    address_zip: "0150",
    tags: ["a", "b"],
    active: true,
    score: 1.5,
  });
});

test("export round trip: a table exported as CSV imports back with the same rows", async ({ page, request }) => {
  const { token, projectId } = await openProject(page, request);
  await importPeople(page);
  await runImport(page, "4 rows imported into people");
  await dialog(page).getByRole("button", { name: "Open people" }).click();

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("people-export.csv");
  const exported = readFileSync((await download.path())!, "utf8");
  expect(exported.startsWith("\ufeff")).toBe(true);

  // The same view as an Excel file, built in the browser from the JSON list.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Download Excel (.xlsx)" }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe("people-export.xlsx");
  const sheetBook = XLSX.read(readFileSync((await xlsxDownload.path())!), { type: "buffer" });
  const sheetRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheetBook.Sheets[sheetBook.SheetNames[0]!]!);
  expect(sheetRows).toHaveLength(4);
  expect(sheetRows[0]).toMatchObject({ Name: "Ann", Age: 31, Price: 12.5, Active: true });

  await page.goto(`/nc/${projectId}`);
  await importPeople(page, "people again.csv", exported);
  await runImport(page, "4 rows imported into people again");

  const original = await tableByTitle(request, token, projectId, "people");
  const copy = await tableByTitle(request, token, projectId, "people again");
  for (const [title, uidt] of Object.entries(PEOPLE_TYPES)) expect(typesOf(copy)[title]).toBe(uidt);
  const pick = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(Object.keys(PEOPLE_TYPES).map((k) => [k, r[k]])));
  expect(pick(await rowsOf(request, token, projectId, copy.id))).toEqual(
    pick(await rowsOf(request, token, projectId, original.id)),
  );
});

test("import into an existing table maps columns, checks required ones and lists refused rows", async ({
  page,
  request,
}) => {
  const { token, projectId } = await openProject(page, request);
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: {
      table_name: "Staff",
      title: "Staff",
      columns: [
        { title: "Name", uidt: "SingleLineText", rqd: true },
        { title: "Age", uidt: "Number" },
      ],
    },
  });
  expect(made.status()).toBe(200);
  const staff = (await made.json()) as Meta;
  await page.goto(`/nc/${projectId}/table/Staff`);
  await page.getByRole("button", { name: "Import into this table" }).click();
  await chooseFile(page, "staff.csv", "text/csv", Buffer.from("Full name,age\nAnn,30\nBob,x\nCid,41\n"));
  await expect(dialog(page).getByLabel("Field for age")).toHaveValue("Age");
  await expect(dialog(page).getByText("Missing required columns: Name")).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await dialog(page).getByLabel("Field for Full name").selectOption("Name");
  await expect(dialog(page).getByText("Missing required columns: Name")).toBeHidden();
  await runImport(page, "2 rows imported into Staff");
  await expect(dialog(page).getByTestId("import-row-errors")).toContainText('Row 2: Age: "x" is not a number');
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog(page).getByRole("button", { name: "Download errors as CSV" }).click(),
  ]);
  expect(readFileSync((await download.path())!, "utf8")).toContain('2,"Age: ""x"" is not a number",Bob,x');
  expect((await rowsOf(request, token, projectId, staff.id)).map((r) => [r.Name, r.Age])).toEqual([
    ["Ann", 30],
    ["Cid", 41],
  ]);
});
