import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { ownOriginOnly, tokenUser } from "./auth";
import { registerTools } from "./tools";

/**
 * The server checks no JSON schema of its own (that is for elicitation, which it never asks): the
 * SDK's default validator (Ajv) compiles schemas with `new Function`, which Workers refuse.
 */
const noSchemaChecks: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

const DESCRIPTION =
  "Model Context Protocol server (streamable HTTP, stateless: every POST answers application/json). " +
  "Authenticate with an API token as `Authorization: Bearer <token>` (or `xc-token`). Tools: list_tables, describe_table, " +
  "query_records, count_records, aggregate, create_records, update_records, delete_records, list_views; each runs as the " +
  "token's user, with their role, hidden fields and row rules.";

/**
 * The MCP server (issue 40) over the spec's streamable HTTP transport, stateless: a server and a
 * transport per request (nothing to keep between requests in a Worker), no `Mcp-Session-Id`, and
 * no server-sent event stream, so GET and DELETE answer 405 as the spec allows.
 */
export const mcp = new Hono<AppEnv>()
  .post("/", ownOriginOnly, tokenUser, need("signedIn"), describeRoute({ description: DESCRIPTION }), async (c) => {
    const server = new McpServer(
      { name: "gridbase", version: "1.0.0" },
      {
        capabilities: { tools: {} },
        jsonSchemaValidator: noSchemaChecks,
        instructions:
          "Gridbase projects hold tables of records. Start with list_tables, then describe_table to learn a table's fields " +
          "before filtering (where: (Field,op,value), ops eq, neq, gt, lt, gte, lte, like, blank...) or writing records.",
      },
    );
    registerTools(server, c);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    // The body as read once by the API's limits (middleware/body-limit.ts); the transport reads it again.
    const raw = c.req.raw;
    const answer = await transport.handleRequest(
      new Request(raw.url, { method: raw.method, headers: raw.headers, body: await c.req.text() }),
    );
    // A JSON answer is complete when handed back: nothing of this request's server is left to run.
    await server.close();
    return answer;
  })
  .on(["GET", "DELETE"], "/", ownOriginOnly, tokenUser, need("signedIn"), (c) =>
    c.json({ msg: "This MCP server offers no event stream: send JSON-RPC messages with POST" }, 405, { Allow: "POST" }),
  );
