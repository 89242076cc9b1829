/** Issue #33: the PDF preview frame, record history with old → new values and Restore, invitation sign-up. */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows, select, setup } from "./grid-helpers";
import {
  authHeaders,
  createProjectByApi,
  PASSWORD,
  readOutbox,
  signUpByApi,
  uniqueEmail,
  uniqueTitle,
} from "./helpers";

const PDF =
  "%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

test("a PDF previews in the app's own frame: the frame's file answers 200, inline, framable by the app only", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  const tableId = await createTable(request, token, projectId, "Docs", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Files", uidt: "Attachment" },
  ]);
  const meta = await (await request.get(`/api/v1/db/meta/tables/${tableId}`, { headers: authHeaders(token) })).json();
  const filesId = (meta as { columns: Array<{ id: string; title: string }> }).columns.find(
    (c) => c.title === "Files",
  )!.id;
  const uploaded = await request.post(
    `/api/v1/db/storage/upload?path=${encodeURIComponent(`noco/${projectId}/${tableId}/${filesId}`)}`,
    {
      headers: authHeaders(token),
      multipart: { files: { name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) } },
    },
  );
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await insertRows(request, token, projectId, "Docs", [{ Title: "first", Files: await uploaded.json() }]);

  await page.goto(`/nc/${projectId}/table/Docs`);
  await expect(count(page)).toHaveText("1 record");
  await select(page, 0, "Files");
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: "Files in Files" });
  const framed = page.waitForResponse((r) => /\/download\/noco\/.+\.pdf\?/.test(r.url()));
  await editor.getByRole("button", { name: "Open report.pdf" }).click();
  const box = page.getByTestId("attachment-lightbox");
  await expect(box.locator("iframe[title='report.pdf']")).toBeVisible();
  const res = await framed;
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers["content-type"]).toBe("application/pdf");
  expect(headers["content-disposition"]).toMatch(/^inline;/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  // Refused framing ("127.0.0.1 refused to connect") leaves the frame on Chromium's error page.
  await expect
    .poll(() => page.frames().map((f) => f.url()))
    .toContainEqual(expect.stringMatching(/\/download\/noco\/.+\.pdf\?/));
  expect(page.frames().some((f) => f.url().startsWith("chrome-error:"))).toBe(false);
});

test("history shows each field's old → new value and Restore writes the old value back", async ({ page, request }) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Tasks", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Count", uidt: "Number" },
    { title: "Done", uidt: "Checkbox" },
  ]);
  await insertRows(request, token, projectId, "Tasks", [{ Title: "one", Count: 1 }]);
  const row = `/api/v1/db/data/noco/${projectId}/Tasks/1`;
  const patched = await request.patch(row, { headers: authHeaders(token), data: { Count: 2, Done: true } });
  expect(patched.status()).toBe(200);

  await page.goto(`/nc/${projectId}/table/Tasks`);
  await expect(count(page)).toHaveText("1 record");
  await cell(page, 0, "Title").click();
  await page.getByRole("button", { name: "Expand record 1" }).click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await record.getByRole("tab", { name: "History" }).click();
  const changes = record.getByTestId("history-change");
  await expect(changes.filter({ hasText: "Count" })).toContainText("Count: 1 → 2");
  await expect(changes.filter({ hasText: "Done" })).toContainText("Done: empty → true");

  await changes.filter({ hasText: "Count" }).getByRole("button", { name: "Restore this value" }).click();
  await expect
    .poll(
      async () => ((await (await request.get(row, { headers: authHeaders(token) })).json()) as { Count: number }).Count,
    )
    .toBe(1);
  // The restore is itself a new entry, newest first.
  await expect(record.getByTestId("history-entry").first()).toContainText("Count: 2 → 1");
  await expect(record.getByLabel("Count")).toHaveValue("1");
  await page.keyboard.press("Escape");
  await expect(record).toBeHidden();
  await expect(cell(page, 0, "Count")).toHaveText("1");
  // The grid's undo takes it back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect
    .poll(
      async () => ((await (await request.get(row, { headers: authHeaders(token) })).json()) as { Count: number }).Count,
    )
    .toBe(2);
});

test("the invitation link opens sign-up with the invited address filled in", async ({ browser, request }) => {
  const owner = await signUpByApi(request, uniqueEmail("inviter"));
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Invite"));
  const email = uniqueEmail("invitee");
  const invited = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
    headers: authHeaders(owner),
    data: { email, roles: "viewer" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const link = new URL((await readOutbox(email))[0]!.link!);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).click();
  await page.keyboard.type(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByTestId("current-user-email")).toHaveText(email);
  await context.close();
});
