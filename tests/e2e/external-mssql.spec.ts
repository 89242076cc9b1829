/**
 * SQL Server in the "Connect a database" form (issue 20): the form says plainly that SQL Server
 * is not verified against a real server, still lets it be tested, and shows the TDS driver's own
 * answer for a port where nothing listens (no SQL Server can run here).
 */
import { freePort } from "../support/free-port";
import { expect, test } from "@playwright/test";
import { expectPath, signUpByApi, uniqueEmail, useToken } from "./helpers";

test("SQL Server: the form says it is unverified and shows the driver's answer for a closed port", async ({
  page,
  request,
}) => {
  const token = await signUpByApi(request, uniqueEmail("mssql"));
  await useToken(page, token);
  await page.goto("/create-external");
  await expectPath(page, "/create-external");
  await expect(page.getByText("not verified against a real server")).toHaveCount(0);
  await page.getByLabel("Database engine").selectOption("mssql");
  await expect(page.getByRole("note")).toContainText("SQL Server: not verified against a real server");

  const port = await freePort();
  await page.getByLabel("Host", { exact: true }).fill("127.0.0.1");
  await page.getByLabel("Port", { exact: true }).fill(String(port));
  await page.getByLabel("User", { exact: true }).fill("sa");
  await page.getByLabel("Password", { exact: true }).fill("not-a-real-password");
  await page.getByLabel("Database", { exact: true }).fill("shop");
  const testButton = page.getByRole("button", { name: "Test connection" });
  await expect(testButton).toBeEnabled();
  await testButton.click();
  await expect(page.getByText(new RegExp(`Failed to connect to 127\\.0\\.0\\.1:${port}`))).toBeVisible({
    timeout: 20_000,
  });
});
