import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { workerFetch } from "./support";

/** The official MCP client over its streamable HTTP transport, each request going into the Worker. */
// Ajv (the client's default) compiles with `new Function`, which workerd refuses; no tool here has an output schema.
const noSchemaChecks: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

export async function connect(token: string, header: "bearer" | "xc-token" = "bearer") {
  const client = new Client({ name: "gridbase-test", version: "1.0.0" }, { jsonSchemaValidator: noSchemaChecks });
  const headers: Record<string, string> =
    header === "bearer" ? { Authorization: `Bearer ${token}` } : { "xc-token": token };
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    requestInit: { headers },
    fetch: (url, init) => workerFetch(new Request(url, init)),
  });
  await client.connect(transport);
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (res.content[0] as { text: string }).text;
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* an error's message */
  }
  return { isError: Boolean(res.isError), body, text };
}
