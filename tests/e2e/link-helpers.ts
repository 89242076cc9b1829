/** Steps of the links spec: fields added through the field editor, links made through the API. */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { cell } from "./grid-helpers";
import { authHeaders } from "./helpers";

export const chips = (page: Page, row: number, title: string) => cell(page, row, title).getByTestId("value-chip");

export async function openFieldList(page: Page) {
  await page.getByRole("button", { name: "Fields", exact: true }).click();
  await page.getByRole("dialog", { name: "Fields", exact: true }).getByRole("button", { name: "Edit fields" }).click();
  return page.getByRole("dialog", { name: /^Fields of / });
}

export async function addLinkByApi(
  request: APIRequestContext,
  token: string,
  tableId: string,
  title: string,
  childId: string,
  type: "hm" | "bt",
) {
  const res = await request.post(`/api/v1/db/meta/tables/${tableId}/columns`, {
    headers: authHeaders(token),
    data: { uidt: "LinkToAnotherRecord", title, childId, type },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Adds a field through the Fields menu's field list and the field editor. */
export async function addField(page: Page, title: string, typeLabel: string, fill: (editor: Locator) => Promise<void>) {
  const panel = await openFieldList(page);
  await panel.getByRole("button", { name: "Add field" }).click();
  const editor = page.getByRole("dialog", { name: "Add field" });
  await editor.getByLabel("Field name").fill(title);
  await editor.getByRole("radio", { name: typeLabel, exact: true }).click();
  await fill(editor);
  await editor.getByRole("button", { name: "Add field", exact: true }).click();
  await expect(editor).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.locator(`[role=columnheader][data-title="${title}"]`)).toBeVisible();
}
