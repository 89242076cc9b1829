/**
 * A project's room (README "Room for the size"): the settings show what its database holds
 * against its limit, and a project nearly full says so over its pages before writes are refused.
 */
import { expect, test } from "@playwright/test";
import { insertRows } from "./grid-helpers";
import { createProjectByApi, createTableByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("the settings show the project's storage against its limit; nearly full, the project warns", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("usage"));
  const projectId = await createProjectByApi(request, token, uniqueTitle("Room"));
  await createTableByApi(request, token, projectId, "Notes");
  await useToken(page, token);
  await page.goto(`/nc/${projectId}`);

  const openGeneral = async () => {
    await page.getByRole("button", { name: "Project settings" }).click();
    return page.getByRole("dialog", { name: "Project settings" }).getByRole("meter", { name: "Storage" });
  };
  let meter = await openGeneral();
  await expect(meter).toHaveAttribute("aria-valuetext", /^[\d.]+ (kB|MB) of 10 GB used$/);
  const before = await meter.getAttribute("aria-valuetext");
  await expect(page.getByTestId("nearly-full-banner")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // A megabyte of records later, the settings read the new size.
  const rows = Array.from({ length: 500 }, (_, i) => ({ Title: `${i} ${"x".repeat(2000)}` }));
  await insertRows(request, token, projectId, "Notes", rows);
  meter = await openGeneral();
  await expect(meter).not.toHaveAttribute("aria-valuetext", before!);
  await expect(meter).toHaveAttribute("aria-valuetext", /^[\d.]+ MB of 10 GB used$/);
  await page.keyboard.press("Escape");

  // Nine tenths full (the room cannot be filled here: the server's answer is set to 9.5 GB), the
  // project shows the warning with what to do, and the meter turns to it too.
  await page.route(`**/api/v1/db/meta/projects/${projectId}/usage`, (route) =>
    route.fulfill({ json: { database_bytes: 9_500_000_000, database_limit_bytes: 10_000_000_000 } }),
  );
  await page.reload();
  await expect(page.getByTestId("nearly-full-banner")).toContainText(
    "This project holds 9.5 GB of its 10 GB. Delete records or empty the trash to make room; when it is full, changes are refused.",
  );
  // The banner opens the trash, where deleted records still take their room.
  await page.getByTestId("nearly-full-banner").getByRole("button", { name: "Trash" }).click();
  await expect(page.getByRole("dialog", { name: "Trash" })).toBeVisible();
  await page.keyboard.press("Escape");
  meter = await openGeneral();
  await expect(meter).toHaveAttribute("aria-valuenow", "95");
  await expect(page.getByRole("dialog").getByText("Delete records or empty the trash", { exact: false })).toBeVisible();
});
