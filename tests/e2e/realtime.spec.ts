/**
 * Realtime collaboration end to end: two users in two browser contexts on the same table. An
 * edit shows in the other tab within a second, both see who is there, the cell one of them edits
 * is outlined for the other, and the loser of a concurrent edit is told.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { cell, count, createTable, edit, insertRows } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

async function openAs(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  await page.goto(path);
  return page;
}

/** Row reads a page makes from now on (the grid must follow events without refetching). */
function rowReads(page: Page, projectId: string): string[] {
  const reads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && r.url().includes(`/api/v1/db/data/noco/${projectId}/`)) reads.push(r.url());
  });
  return reads;
}

/** The name the room gives a user signed up without names: the e-mail's local part. */
const nameOf = (email: string) => email.split("@")[0]!;

test("two users: live edits, presence, the edited cell outlined, and conflicts told", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail("rt-owner");
  const editorEmail = uniqueEmail("rt-editor");
  const owner = await signUpByApi(request, ownerEmail);
  const editor = await signUpByApi(request, editorEmail);
  const projectId = await createProjectByApi(request, owner, uniqueTitle("Live"));
  const added = await request.post(`/api/v1/db/meta/projects/${projectId}/users`, {
    headers: authHeaders(owner),
    data: { email: editorEmail, roles: "editor" },
  });
  expect(added.status(), await added.text()).toBe(200);
  await createTable(request, owner, projectId, "Tasks", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Status", uidt: "SingleLineText" },
  ]);
  await insertRows(request, owner, projectId, "Tasks", [
    { Title: "one", Status: "todo" },
    { Title: "two", Status: "todo" },
  ]);

  const path = `/nc/${projectId}/table/Tasks`;
  const a = await openAs(browser, owner, path);
  const b = await openAs(browser, editor, path);
  for (const page of [a, b]) await expect(count(page)).toHaveText("2 records");

  // Presence: both users in the header of both tabs, and the other one on the table in the sidebar.
  for (const page of [a, b]) {
    const avatars = page.getByTestId("presence-avatar");
    await expect(avatars).toHaveCount(2);
    await expect(
      page
        .getByTestId("presence")
        .getByRole("img", { name: `${nameOf(ownerEmail)}${page === a ? " (you)" : ""}`, exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByTestId("presence")
        .getByRole("img", { name: `${nameOf(editorEmail)}${page === b ? " (you)" : ""}`, exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId("table-presence")).toHaveAttribute(
      "title",
      `Here: ${nameOf(page === a ? editorEmail : ownerEmail)}`,
    );
  }

  // An edit in one tab shows in the other within a second, without a refetch there.
  const readsA = rowReads(a, projectId);
  const readsB = rowReads(b, projectId);
  await edit(a, 0, "Title");
  await a.getByRole("textbox", { name: "Title", exact: true }).fill("edited by the owner");
  await a.keyboard.press("Enter");
  await expect(cell(b, 0, "Title")).toHaveText("edited by the owner", { timeout: 1_000 });
  expect(readsB).toEqual([]);

  // The cell one user edits is outlined (with their name) in the other tab, until the editor closes.
  await edit(b, 1, "Status");
  await expect(b.getByRole("textbox", { name: "Status", exact: true })).toBeVisible();
  await expect(cell(a, 1, "Status")).toHaveAttribute("data-editing-by", nameOf(editorEmail));
  await expect(cell(a, 1, "Status").getByTestId("remote-editor")).toHaveText(nameOf(editorEmail));

  // Someone else saves the cell being edited: the editor stays open, with their value under it.
  const T = `/api/v1/db/data/noco/${projectId}/Tasks`;
  const theirs = await request.patch(`${T}/2`, { headers: authHeaders(owner), data: { Status: "doing" } });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await expect(b.getByTestId("remote-value-hint")).toHaveText("Now: doing");
  await expect(b.getByRole("textbox", { name: "Status", exact: true })).toBeVisible();
  await expect(
    b.getByText(`${nameOf(ownerEmail)} changed Status while you were editing it; their value is shown under your edit`),
  ).toBeVisible();
  await b.keyboard.press("Escape");
  await expect(cell(a, 1, "Status")).not.toHaveAttribute("data-editing-by", /.+/);
  await expect(cell(b, 1, "Status")).toHaveText("doing");

  // Last writer wins; the loser is told: B saves a cell, then A changes it right after.
  await edit(b, 0, "Status");
  await b.getByRole("textbox", { name: "Status", exact: true }).fill("mine");
  await b.keyboard.press("Enter");
  await expect(cell(a, 0, "Status")).toHaveText("mine");
  await edit(a, 0, "Status");
  await a.getByRole("textbox", { name: "Status", exact: true }).fill("final");
  await a.keyboard.press("Enter");
  await expect(cell(b, 0, "Status")).toHaveText("final");
  await expect(b.getByText(`${nameOf(ownerEmail)} changed Status after you; their value is shown`)).toBeVisible();

  // Rows added and deleted elsewhere show without reloading the page.
  const made = await request.post(T, { headers: authHeaders(editor), data: { Title: "three" } });
  expect(made.status(), await made.text()).toBe(200);
  await expect(count(a)).toHaveText("3 records");
  await expect(cell(a, 2, "Title")).toHaveText("three");
  const gone = await request.delete(`${T}/1`, { headers: authHeaders(editor) });
  expect(gone.status(), await gone.text()).toBe(200);
  await expect(count(a)).toHaveText("2 records");
  await expect(cell(a, 0, "Title")).toHaveText("two");
  expect(readsA).toEqual([]);

  await a.context().close();
  await b.context().close();
});
