/** The project's REST APIs page: Swagger UI from this origin's assets, describing the project's tables. */
import { expect, test } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("the project header opens a Swagger UI of the project's tables, with no outside requests", async ({
  page,
  request,
  context,
}) => {
  const token = await signUpByApi(request, uniqueEmail("swagger"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Docs"));
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: { table_name: "Invoices", columns: [{ title: "Number" }] },
  });
  expect(made.status()).toBe(200);
  await useToken(page, token);
  const outside: string[] = [];
  context.on("request", (req) => {
    if (!req.url().startsWith("http://127.0.0.1")) outside.push(req.url());
  });
  await page.goto(`/nc/${projectId}`);
  const [docs] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "REST APIs" }).click(),
  ]);
  await docs.waitForLoadState();
  await expect(docs.locator(".swagger-ui")).toBeVisible();
  await expect(docs.getByRole("heading", { name: "Invoices" })).toBeVisible();
  await expect(docs.getByText(`/api/v1/db/data/noco/${projectId}/Invoices/{rowId}`).first()).toBeVisible();
  expect(outside).toEqual([]);

  // "Try it out" answers with the page's session, and its curl line does not carry the session token.
  await docs.getByText("List Invoices rows").click();
  await docs.getByRole("button", { name: "Try it out" }).click();
  await docs.getByRole("button", { name: "Execute" }).click();
  await expect(docs.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
  const curl = await docs.locator(".curl").first().textContent();
  expect(curl).toContain(`/api/v1/db/data/noco/${projectId}/Invoices`);
  expect(curl).not.toContain(token);
});
