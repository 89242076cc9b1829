/**
 * Issue 33 item 1 / issue 35: Undo right after deleting a record (Ctrl+Z, straight after the
 * confirmation) brings back the same record through the trash: its Id, its values and its link.
 */
import { expect, test } from "@playwright/test";
import { cell, count, createTable, insertRows } from "./grid-helpers";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";
import { addLinkByApi, chips } from "./link-helpers";

test("Ctrl+Z after deleting a record in the grid brings back the same Id with its link", async ({ page, request }) => {
  const token = await signUpByApi(request, uniqueEmail("trash"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Trash"));
  await useToken(page, token);
  const customers = await createTable(request, token, projectId, "Customers", [
    { title: "Title", uidt: "SingleLineText" },
  ]);
  const orders = await createTable(request, token, projectId, "Orders", [{ title: "Title", uidt: "SingleLineText" }]);
  await addLinkByApi(request, token, customers, "Orders", orders, "hm");
  await insertRows(request, token, projectId, "Customers", [{ Title: "Acme" }, { Title: "Beta" }]);
  await insertRows(request, token, projectId, "Orders", [{ Title: "Pen" }]);
  const linked = await request.post(`/api/v1/db/data/noco/${projectId}/Customers/1/hm/Orders/1`, {
    headers: authHeaders(token),
  });
  expect(linked.status()).toBe(200);

  await page.goto(`/nc/${projectId}/table/Customers`);
  await expect(count(page)).toHaveText("2 records");
  await expect(chips(page, 0, "Orders")).toHaveText(["Pen"]);

  await cell(page, 0, "Title").click();
  await page.getByRole("button", { name: "Delete 1 record" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete record?" });
  // The confirm button has the focus: Enter deletes, as a person at the keyboard would.
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(count(page)).toHaveText("1 record");
  await expect(cell(page, 0, "Title")).toHaveText("Beta");

  // Straight away, nothing clicked: the grid has the keys back.
  await page.keyboard.press("Control+z");
  await expect(page.getByText("1 record restored")).toBeVisible();
  await expect(count(page)).toHaveText("2 records");
  await expect(cell(page, 0, "Title")).toHaveText("Acme");
  await expect(chips(page, 0, "Orders")).toHaveText(["Pen"]);
  const back = await request.get(`/api/v1/db/data/noco/${projectId}/Customers/1`, { headers: authHeaders(token) });
  expect(back.status()).toBe(200);
  expect(await back.json()).toMatchObject({ Id: 1, Title: "Acme" });
  // The order's side of the link came back too.
  const order = await request.get(`/api/v1/db/data/noco/${projectId}/Orders/1`, { headers: authHeaders(token) });
  expect(await order.json()).toMatchObject({ Customers: { Title: "Acme" } });
});
