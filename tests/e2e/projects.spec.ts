/**
 * Projects, members and roles, end to end. Every test signs up its own users (unique e-mails) and
 * assumes nothing about what else the instance holds.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  authHeaders,
  createProjectByApi,
  createTableByApi,
  expectPath,
  readOutbox,
  signUpByApi,
  signUpInPage,
  tokenOf,
  uniqueEmail,
  uniqueTitle,
  useToken,
} from "./helpers";

const createTableButtons = (page: Page) => page.getByRole("button", { name: "Create table" });
const settingsButton = (page: Page) => page.getByRole("button", { name: "Project settings" });

test("an owner creates a project, sets its colour and invites a viewer, who sees it read-only; preview-as viewer hides the same controls", async ({
  page,
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail("owner");
  const viewerEmail = uniqueEmail("viewer");
  const title = uniqueTitle("Sales");
  await signUpInPage(page, ownerEmail);

  // Create: the name is checked as typed (SPEC 5), a colour is picked from the palette.
  await page.getByRole("link", { name: "New project" }).first().click();
  await expectPath(page, "/create");
  const name = page.getByLabel("Project name");
  await name.fill(" Sales");
  await expect(page.getByText("Project name cannot start with space")).toBeVisible();
  await name.fill("x".repeat(51));
  await expect(page.getByText("Project name exceeds 50 characters")).toBeVisible();
  await name.fill(title);
  await page.getByRole("radio", { name: "#FF6F2C" }).click();
  await page.getByRole("button", { name: "Create project" }).click();
  await expectPath(page, /^\/nc\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split("/")[2]!;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(createTableButtons(page).first()).toBeVisible();

  const ownerToken = await tokenOf(page);
  const read = async () =>
    (await (
      await request.get(`/api/v1/db/meta/projects/${projectId}`, { headers: authHeaders(ownerToken) })
    ).json()) as { color: string };
  expect((await read()).color).toBe("#FF6F2C");

  // Settings: a new colour.
  await settingsButton(page).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await settings.getByRole("radio", { name: "#8B46FF" }).click();
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(settings).toBeHidden();
  await expect.poll(async () => (await read()).color).toBe("#8B46FF");

  // Members: invite the viewer by e-mail.
  await settingsButton(page).click();
  await settings.getByRole("button", { name: "Members" }).click();
  await settings.getByLabel("Email addresses").fill(viewerEmail);
  await settings.getByLabel("Role", { exact: true }).selectOption("viewer");
  await settings.getByRole("button", { name: "Invite", exact: true }).click();
  const invited = settings.getByTestId("member-row").filter({ hasText: viewerEmail });
  await expect(invited).toContainText("Invite pending");
  await expect(invited).toContainText("Viewer");
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  // The viewer signs up through the mailed invitation link.
  const link = (await readOutbox(viewerEmail))[0]?.link;
  expect(link, "the invitation carries a link").toBeTruthy();
  const invitePath = new URL(link!).pathname;
  expect(invitePath).toMatch(/^\/signup\/.+/);
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signUpInPage(viewer, viewerEmail, invitePath);

  const card = viewer.getByTestId("project-card").filter({ hasText: title });
  await expect(card).toContainText("Viewer");
  await card.getByRole("link", { name: title }).click();
  await expectPath(viewer, `/nc/${projectId}`);
  await expect(viewer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(viewer.getByText("This project has no tables yet.")).toBeVisible();
  await expect(createTableButtons(viewer)).toHaveCount(0);
  await expect(settingsButton(viewer)).toHaveCount(0);
  await expect(viewer.getByLabel("Preview as")).toHaveCount(0);

  // The server agrees: a viewer may not create tables.
  const viewerToken = await tokenOf(viewer);
  const refused = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(viewerToken),
    data: { table_name: "Nope", title: "Nope" },
  });
  expect(refused.status()).toBe(403);
  await viewerContext.close();

  // Preview as viewer hides the same controls for the owner; exiting shows them again.
  await page.getByLabel("Preview as").selectOption("viewer");
  await expect(page.getByTestId("preview-banner")).toContainText("previewing this project as Viewer");
  await expect(createTableButtons(page)).toHaveCount(0);
  await expect(settingsButton(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Exit preview" }).click();
  await expect(page.getByTestId("preview-banner")).toHaveCount(0);
  await expect(createTableButtons(page).first()).toBeVisible();
  await expect(settingsButton(page)).toBeVisible();
});

test("the project list searches on the server and an owner deletes a project after confirming", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("lister"));
  const keep = uniqueTitle("Keep");
  const drop = uniqueTitle("Drop");
  await createProjectByApi(request, token, keep);
  await createProjectByApi(request, token, drop);
  await useToken(page, token);
  await page.goto("/");
  await expect(page.getByTestId("project-card").filter({ hasText: keep })).toContainText("Owner");

  await page.getByLabel("Search projects").fill(drop);
  await expect(page.getByTestId("project-card")).toHaveCount(1);
  await page.getByRole("button", { name: `Delete project ${drop}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete project?" });
  await confirm.getByRole("button", { name: "Delete project" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`No projects match “${drop}”.`)).toBeVisible();
  await page.getByLabel("Search projects").fill("");
  await expect(page.getByTestId("project-card").filter({ hasText: keep })).toBeVisible();
});

test("someone outside the project is refused with a message and sent home", async ({ page, request }) => {
  const ownerToken = await signUpByApi(request, uniqueEmail("keeper"));
  const projectId = await createProjectByApi(request, ownerToken, uniqueTitle("Private"));
  await useToken(page, await signUpByApi(request, uniqueEmail("stranger")));
  await page.goto(`/nc/${projectId}`);
  await expect(page.getByText("You don't have enough permission to access the project.")).toBeVisible();
  await expectPath(page, "/");
});

test("a shared base link opens the project read-only for a visitor without an account", async ({ page, request }) => {
  const ownerToken = await signUpByApi(request, uniqueEmail("sharer"));
  const title = uniqueTitle("Shared");
  const projectId = await createProjectByApi(request, ownerToken, title);
  await createTableByApi(request, ownerToken, projectId, "Inventory");
  const shared = await request.post(`/api/v1/db/meta/projects/${projectId}/shared`, {
    headers: authHeaders(ownerToken),
    data: { roles: "viewer" },
  });
  const { uuid } = (await shared.json()) as { uuid: string };

  await page.goto(`/nc/base/${uuid}`);
  await expectPath(page, `/base/${uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Project navigation" })
    .getByRole("link", { name: "Inventory", exact: true })
    .click();
  // The table opens read-only: its grid shows, with no way to add records or change fields.
  await expect(page.getByRole("columnheader", { name: /^Title/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "New record" })).toHaveCount(0);
  await page.getByRole("button", { name: "Fields", exact: true }).click();
  await expect(page.getByRole("button", { name: "Edit fields" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Add field" })).toHaveCount(0);
  await expect(createTableButtons(page)).toHaveCount(0);

  await page.goto("/base/00000000-0000-0000-0000-000000000000");
  await expectPath(page, "/error/404");
});
