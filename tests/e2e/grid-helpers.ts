/** Steps shared by the grid specs: tables made through the API, and cells reached with the keyboard. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

export const cell = (page: Page, row: number, title: string) =>
  page.locator(`[role=gridcell][data-row="${row}"][data-title="${title}"]`);
export const count = (page: Page) => page.getByTestId("grid-count");

export async function createTable(
  request: APIRequestContext,
  token: string,
  projectId: string,
  title: string,
  columns: object[],
) {
  const res = await request.post(`/api/v1/db/meta/projects/${projectId}/tables`, {
    headers: authHeaders(token),
    data: { table_name: title, title, columns },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

export async function insertRows(
  request: APIRequestContext,
  token: string,
  projectId: string,
  table: string,
  rows: object[],
) {
  const res = await request.post(`/api/v1/db/data/bulk/noco/${projectId}/${table}`, {
    headers: authHeaders(token),
    data: rows,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function setup(page: Page, request: APIRequestContext) {
  const token = await signUpByApi(request, uniqueEmail("grid"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Grid"));
  await useToken(page, token);
  return { token, projectId };
}

export const active = (page: Page, row: number) =>
  page.locator(`[role=gridcell][data-row="${row}"][aria-selected="true"]`);

/**
 * Selects a cell with the keyboard: columns outside the viewport are not drawn (the grid is
 * virtualised), so it starts at the frozen first column and moves right until it gets there.
 */
export async function select(page: Page, row: number, title: string) {
  await cell(page, row, "Title").click();
  for (let i = 0; i < 40 && (await active(page, row).getAttribute("data-title")) !== title; i++)
    await page.keyboard.press("ArrowRight");
  await expect(active(page, row)).toHaveAttribute("data-title", title);
}

/** Opens the editor of a cell with Enter. */
export async function edit(page: Page, row: number, title: string) {
  await select(page, row, title);
  await page.keyboard.press("Enter");
}

/** Every drawn value of a row, walking the columns left to right: title -> text or accessible name. */
export async function readRow(page: Page, row: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await cell(page, row, "Title").click();
  for (let i = 0; i < 40; i++) {
    const c = active(page, row);
    const title = (await c.getAttribute("data-title"))!;
    if (out[title] !== undefined) break;
    const img = c.getByRole("img");
    out[title] = (await img.count()) > 0 ? ((await img.getAttribute("aria-label")) ?? "") : await c.innerText();
    await page.keyboard.press("ArrowRight");
  }
  return out;
}

export const options = (titles: string[]) => ({ options: titles.map((title) => ({ title })) });
export const pick = (o: Record<string, string>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k] ?? "(not drawn)"]));

/** The table's rows as the API returns them (what was really saved). */
export async function apiRows(request: APIRequestContext, token: string, projectId: string, table: string) {
  const res = await request.get(`/api/v1/db/data/noco/${projectId}/${table}`, {
    headers: authHeaders(token),
    params: { limit: 100 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { list: Record<string, unknown>[] }).list;
}
