/** The "Connect an AI assistant" page (issue 40): the MCP URL and a client configuration to copy, both working. */
import { expect, test } from "@playwright/test";
import { authHeaders, createProjectByApi, signUpByApi, uniqueEmail, uniqueTitle, useToken } from "./helpers";

test("the account page leads to the MCP URL and a config that connects with a token", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const token = await signUpByApi(request, uniqueEmail("mcp"));
  const title = uniqueTitle("Assist");
  const projectId = await createProjectByApi(request, token, title);
  await useToken(page, token);

  await page.goto("/account");
  await page.getByRole("link", { name: /Connect an AI assistant/ }).click();
  await expect(page).toHaveURL(/\/account\/ai-assistant$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connect an AI assistant" })).toBeVisible();

  const url = `${baseURL}/mcp`;
  await expect(page.getByTestId("mcp-url")).toHaveText(url);
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Address copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await page.getByRole("button", { name: "Copy configuration" }).click();
  await expect(page.getByText("Configuration copied")).toBeVisible();
  const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    mcpServers: { gridbase: { url: string; headers: Record<string, string> } };
  };
  expect(config.mcpServers.gridbase).toEqual({ url, headers: { Authorization: "Bearer <token>" } });

  // The configuration, with a real token in place of <token>, reaches the server: initialize answers.
  const made = await request.post(`/api/v1/db/meta/projects/${projectId}/api-tokens`, {
    headers: authHeaders(token),
    data: { description: "assistant" },
  });
  const apiToken = ((await made.json()) as { token: string }).token;
  const headers = Object.fromEntries(
    Object.entries(config.mcpServers.gridbase.headers).map(([k, v]) => [k, v.replace("<token>", apiToken)]),
  );
  const init = await request.post(config.mcpServers.gridbase.url, {
    headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
    },
  });
  expect(init.status()).toBe(200);
  expect(((await init.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe("gridbase");

  // Tokens are made on a project's Team and access page, linked from here.
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/nc/${projectId}/auth$`));
  // ...whose token section leads back here, by keyboard.
  await page.getByRole("button", { name: "Create token" }).waitFor();
  await page.getByRole("link", { name: "Connect an AI assistant" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/ai-assistant$/);
});

test("the page fits a 375 px screen", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const token = await signUpByApi(request, uniqueEmail("mcp375"));
  await useToken(page, token);
  await page.goto("/account/ai-assistant");
  await expect(page.getByTestId("mcp-config")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByText("You are not a member of any project yet.")).toBeVisible();
});
