import { beforeAll, describe, expect, it } from "vitest";
import { call, connect } from "./mcp-client";
import { api, seedProject, seedUser, succeeding, workerFetch, type TestUser } from "./support";

/**
 * The MCP server (issue 40) driven by the official TypeScript client over its streamable HTTP
 * transport, each request going into the Worker: tools listed with schemas, every tool called,
 * a viewer's token refused writes with the API's message, a field hidden from a role never in an
 * answer, a bad token refused with 401, and limits.
 */
const M = "/api/v1/db/meta";

async function tokenOf(user: TestUser, projectId: string) {
  const made = await api("POST", `${M}/projects/${projectId}/api-tokens`, {
    token: user.token,
    body: { description: "assistant" },
  });
  expect(made.status).toBe(200);
  return made.body.token as string;
}

describe("MCP server", () => {
  const s = {} as {
    owner: TestUser;
    viewer: TestUser;
    projectId: string;
    tableId: string;
    ownerToken: string;
    viewerToken: string;
  };

  beforeAll(async () => {
    const owner = await seedUser("org-level-creator");
    const viewer = await seedUser("org-level-viewer");
    const projectId = await seedProject([
      [owner, "owner"],
      [viewer, "viewer"],
    ]);
    const as = succeeding(owner);
    const table = await as("POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Deals",
      columns: [
        { title: "Name" },
        { title: "Stage", uidt: "SingleSelect", dtxp: "'Lead','Won','Lost'" },
        { title: "Amount", uidt: "Number" },
        { title: "Margin" },
      ],
    });
    const rows = [
      { Name: "Acme", Stage: "Won", Amount: 100, Margin: "m-acme" },
      { Name: "Globex", Stage: "Won", Amount: 300, Margin: "m-globex" },
      { Name: "Initech", Stage: "Lead", Amount: 50, Margin: "m-initech" },
    ];
    await as("POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, rows);
    const margin = table.columns.find((c: { title: string }) => c.title === "Margin").id;
    await as("PUT", `${M}/tables/${table.id}/access`, {
      roles: { viewer: { fields: { [margin]: "hidden" } } },
    });
    Object.assign(s, {
      owner,
      viewer,
      projectId,
      tableId: table.id,
      ownerToken: await tokenOf(owner, projectId),
      viewerToken: await tokenOf(viewer, projectId),
    });
  });

  it("negotiates the protocol and lists every tool with a JSON input schema and a description", async () => {
    const client = await connect(s.ownerToken);
    expect(client.getServerVersion()?.name).toBe("gridbase");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "aggregate",
      "count_records",
      "create_records",
      "delete_records",
      "describe_table",
      "list_tables",
      "list_views",
      "query_records",
      "update_records",
    ]);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type).toBe("object");
    }
    const query = tools.find((t) => t.name === "query_records")!;
    expect(query.inputSchema.required).toEqual(["table"]);
    expect(Object.keys(query.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["table", "project", "where", "sort", "fields", "limit", "offset"]),
    );
    await client.ping();
    await client.close();
  });

  it("reads: tables, fields, records with filter, sort and paging, counts, groups with sums, views", async () => {
    const client = await connect(s.ownerToken);
    const tables = await call(client, "list_tables");
    expect(tables.body).toContainEqual({
      project: { id: s.projectId, title: expect.any(String) },
      tables: [{ id: s.tableId, title: "Deals" }],
    });

    const described = await call(client, "describe_table", { table: "Deals", project: s.projectId });
    const fields = described.body.fields as Array<{ title: string; type: string; options?: any }>;
    expect(fields.map((f) => f.title)).toEqual(expect.arrayContaining(["Name", "Stage", "Amount", "Margin"]));
    expect(fields.find((f) => f.title === "Amount")!.type).toBe("Number");
    const stage = fields.find((f) => f.title === "Stage")!;
    expect(stage.type).toBe("SingleSelect");
    expect(JSON.stringify(stage.options)).toContain("Lost");

    const page = await call(client, "query_records", {
      table: s.tableId,
      where: "(Stage,eq,Won)",
      sort: ["-Amount"],
      fields: ["Name", "Amount"],
      limit: 1,
    });
    expect(page.isError).toBe(false);
    expect(page.body.list).toEqual([{ Name: "Globex", Amount: 300 }]);
    expect(page.body.pageInfo).toMatchObject({ totalRows: 2, isLastPage: false });
    const next = await call(client, "query_records", {
      table: "deals",
      where: "(Stage,eq,Won)",
      sort: ["-Amount"],
      fields: ["Name"],
      limit: 1,
      offset: 1,
    });
    expect(next.body.list).toEqual([{ Name: "Acme" }]);
    expect(next.body.pageInfo).toMatchObject({ isLastPage: true });

    expect((await call(client, "count_records", { table: "Deals" })).body).toEqual({ count: 3 });
    expect((await call(client, "count_records", { table: "Deals", where: "(Amount,gt,60)" })).body).toEqual({
      count: 2,
    });

    const groups = await call(client, "aggregate", {
      table: "Deals",
      group_by: "Stage",
      sum: ["Amount"],
      avg: ["Amount"],
    });
    expect(groups.isError).toBe(false);
    const won = groups.body.list.find((g: Record<string, unknown>) => g.Stage === "Won");
    expect(won).toEqual({ Stage: "Won", count: 2, sum_Amount: 400, avg_Amount: 200 });
    const byCount = await call(client, "aggregate", { table: "Deals", group_by: "Stage", sort: "-count", limit: 1 });
    expect(byCount.body.list).toEqual([{ Stage: "Won", count: 2 }]);
    expect(byCount.body.pageInfo).toMatchObject({ totalRows: 2, isLastPage: false });
    const notNumber = await call(client, "aggregate", { table: "Deals", group_by: "Stage", sum: ["Name"] });
    expect(notNumber).toMatchObject({ isError: true, text: "Cannot sum 'Name': it is not a number field" });

    const throughView = await call(client, "query_records", { table: "Deals", view: "Deals", fields: ["Name"] });
    expect(throughView.body.pageInfo.totalRows).toBe(3);
    const badView = await call(client, "query_records", { table: "Deals", view: "No such view" });
    expect(badView.isError).toBe(true);

    const views = await call(client, "list_views", { table: "Deals" });
    expect(views.body).toEqual([{ id: expect.any(String), title: "Deals", type: "grid" }]);
    await client.close();
  });

  it("writes as the token's user: create, update, delete (to the trash); unknown tables are tool errors", async () => {
    const client = await connect(s.ownerToken, "xc-token");
    const created = await call(client, "create_records", {
      table: "Deals",
      records: [
        { Name: "Hooli", Stage: "Lead", Amount: 10 },
        { Name: "Umbrella", Stage: "Lost", Amount: 20 },
      ],
    });
    expect(created.isError).toBe(false);
    const found = await call(client, "query_records", { table: "Deals", where: "(Name,eq,Hooli)", fields: ["Id"] });
    const id = found.body.list[0].Id as number;
    const updated = await call(client, "update_records", { table: "Deals", records: [{ Id: id, Amount: 11 }] });
    expect(updated.isError).toBe(false);
    expect(
      (await call(client, "query_records", { table: "Deals", where: `(Id,eq,${id})`, fields: ["Amount"] })).body.list,
    ).toEqual([{ Amount: 11 }]);
    const deleted = await call(client, "delete_records", { table: "Deals", ids: [id] });
    expect(deleted.isError).toBe(false);
    expect((await call(client, "count_records", { table: "Deals", where: "(Name,eq,Hooli)" })).body).toEqual({
      count: 0,
    });
    const trash = await api("GET", `${M}/projects/${s.projectId}/trash`, { token: s.owner.token });
    expect(JSON.stringify(trash.body)).toContain("Hooli");

    const missing = await call(client, "query_records", { table: "Nope" });
    expect(missing).toMatchObject({ isError: true, text: "Table 'Nope' not found" });
    const badFilter = await call(client, "query_records", { table: "Deals", where: "(Nope,eq,1)" });
    expect(badFilter.isError).toBe(true);
    expect(badFilter.text).toContain("Nope");
    await client.close();
  });

  it("a viewer's token reads without hidden fields and cannot write (the API's message)", async () => {
    const client = await connect(s.viewerToken);
    const described = await call(client, "describe_table", { table: "Deals" });
    expect(described.body.fields.map((f: { title: string }) => f.title)).not.toContain("Margin");
    const page = await call(client, "query_records", { table: "Deals", limit: 1000 });
    expect(page.body.list.length).toBeGreaterThan(0);
    expect(page.text).not.toContain("Margin");
    expect(page.text).not.toContain("m-acme");
    const asked = await call(client, "query_records", { table: "Deals", fields: ["Margin"] });
    expect(asked.text).not.toContain("m-acme");
    const grouped = await call(client, "aggregate", { table: "Deals", group_by: "Margin" });
    expect(grouped.isError).toBe(true);
    expect(grouped.text).not.toContain("m-acme");

    // The same refusal, word for word, as the v1 route's for the same token.
    const v1 = `/api/v1/db/data/noco/${s.projectId}/Deals`;
    const headers = { "xc-token": s.viewerToken };
    for (const [name, args, method, path, body] of [
      ["create_records", { records: [{ Name: "Nope" }] }, "POST", v1, { Name: "Nope" }],
      ["update_records", { records: [{ Id: 1, Name: "Nope" }] }, "PATCH", `${v1}/1`, { Name: "Nope" }],
      ["delete_records", { ids: [1] }, "DELETE", `${v1}/1`, undefined],
    ] as const) {
      const refused = await call(client, name, { table: "Deals", ...args });
      const viaV1 = await api(method, path, { headers, body });
      expect(viaV1.status, name).toBe(403);
      expect(refused, name).toEqual({ isError: true, text: viaV1.body.msg, body: viaV1.body.msg });
      expect(refused.text, name).toMatch(/^data(Insert|Update|Delete) - .*viewer : Not allowed$/);
    }
    expect((await call(client, "count_records", { table: "Deals", where: "(Name,eq,Nope)" })).body).toEqual({
      count: 0,
    });
    await client.close();
  });

  it("limits: a page holds at most 1000 records; a larger limit is refused by the schema", async () => {
    const client = await connect(s.ownerToken);
    const tooMany = await call(client, "query_records", { table: "Deals", limit: 5000 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toContain("limit");
    await client.close();
  });

  it("speaks JSON-RPC over streamable HTTP: version negotiation, notifications, batches and errors", async () => {
    const rpc = (body: unknown) =>
      workerFetch(
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: {
            Authorization: `Bearer ${s.ownerToken}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      );
    const init = (protocolVersion: string) => ({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    // A version the server supports is answered as asked; an unknown one with the server's latest.
    const old = await rpc(init("2024-11-05"));
    expect(old.status).toBe(200);
    expect(old.headers.get("mcp-session-id")).toBeNull();
    const oldBody = (await old.json()) as { result: { protocolVersion: string; capabilities: { tools?: object } } };
    expect(oldBody.result.protocolVersion).toBe("2024-11-05");
    expect(oldBody.result.capabilities.tools).toBeDefined();
    const future = (await (await rpc(init("2999-01-01"))).json()) as { result: { protocolVersion: string } };
    expect(future.result.protocolVersion).not.toBe("2999-01-01");
    expect(future.result.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const note = await rpc({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(note.status).toBe(202);
    const ping = (await (await rpc({ jsonrpc: "2.0", id: 7, method: "ping" })).json()) as {
      id: number;
      result: object;
    };
    expect(ping).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
    const unknown = (await (await rpc({ jsonrpc: "2.0", id: 8, method: "nope/nothing" })).json()) as {
      error: { code: number };
    };
    expect(unknown.error.code).toBe(-32601);
    const unknownTool = (await (
      await rpc({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "drop_everything", arguments: {} } })
    ).json()) as { error?: { code: number }; result?: { isError: boolean } };
    expect(unknownTool.error?.code ?? (unknownTool.result?.isError ? -32602 : 0)).toBe(-32602);
    const garbled = await rpc("{not json");
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it("refuses a missing or unknown token with 401 and a challenge; GET is 405", async () => {
    const post = (headers: Record<string, string>) =>
      workerFetch(
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        }),
      );
    const bad: Array<Record<string, string>> = [{}, { Authorization: "Bearer made-up-token-that-is-long-enough" }];
    for (const headers of bad) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(((await res.json()) as { msg: string }).msg).toBeTruthy();
    }
    await expect(connect("made-up-token-that-is-long-enough")).rejects.toThrow();
    const get = await workerFetch(
      new Request("http://localhost/mcp", {
        headers: { Authorization: `Bearer ${s.ownerToken}`, accept: "text/event-stream" },
      }),
    );
    expect(get.status).toBe(405);
    // Another site's page may not call it (the spec's Origin check against DNS rebinding).
    const foreign = await post({ Authorization: `Bearer ${s.ownerToken}`, Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await post({ Authorization: `Bearer ${s.ownerToken}`, Origin: "http://localhost" })).toHaveProperty(
      "status",
      200,
    );
    // A stateless POST of a request without initialize first is still answered (no session).
    const listed = await post({ Authorization: `Bearer ${s.ownerToken}` });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(9);
  });
});
