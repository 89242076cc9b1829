/**
 * nocodb-sdk 0.301.3, today's NocoDB client, against the real Worker bundle (wrangler dev): the
 * SDK runs on axios in Node, so this runs node-side beside the driver tests. base → tables → a
 * `Links` column → records (v2 data API) → links → count → aggregate → update → delete, with a
 * session token and with an API token (`xc-token`).
 */
import { Api } from "nocodb-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { signedIn, startWorker } from "../support/worker-server";

let server: Awaited<ReturnType<typeof startWorker>>;
let token: string;

beforeAll(async () => {
  const port = Number(process.env.SDK_V2_PORT ?? (await freePort()));
  server = await startWorker(port, await freePort());
  token = (await signedIn(server.base)).token;
}, 240_000);

afterAll(() => server?.stop());

type Columns = { columns?: Array<{ id?: string; title?: string }> };
const colId = (table: Columns, title: string) => table.columns!.find((c) => c.title === title)!.id!;

describe("nocodb-sdk 0.301.3", () => {
  it("drives base → tables → links → records → count → aggregate → delete", async () => {
    const api = new Api({ baseURL: server.base, headers: { "xc-auth": token } });
    const base = await api.base.create({ title: `SDK v2 ${Date.now()}` });
    const authors = await api.dbTable.create(base.id!, {
      table_name: "authors",
      title: "Authors",
      columns: [
        { column_name: "title", title: "Title", uidt: "SingleLineText" },
        { column_name: "age", title: "Age", uidt: "Number" },
      ],
    } as never);
    const books = await api.dbTable.create(base.id!, {
      table_name: "books",
      title: "Books",
      columns: [{ column_name: "title", title: "Title", uidt: "SingleLineText" }],
    } as never);
    // NocoDB v2's `Links` type (the issue: "the Links field type is unknown").
    await api.dbTableColumn.create(authors.id!, {
      title: "Books",
      uidt: "Links",
      parentId: authors.id,
      childId: books.id,
      type: "hm",
    } as never);
    const meta = (await api.dbTable.read(authors.id!)) as Columns;
    const linkId = colId(meta, "Books");

    const rows = api.dbDataTableRow;
    expect(
      await rows.create(authors.id!, [
        { Title: "Ann", Age: 31 },
        { Title: "Bob", Age: 42 },
        { Title: "Cid", Age: 25 },
      ]),
    ).toEqual([{ Id: 1 }, { Id: 2 }, { Id: 3 }]);
    expect(await rows.create(books.id!, { Title: "B1" })).toEqual({ Id: 1 });
    await rows.create(books.id!, [{ Title: "B2" }, { Title: "B3" }]);

    const page = (await rows.list(authors.id!, { where: "(Age,gt,30)", sort: "-Age", limit: 10 } as never)) as {
      list: Array<Record<string, unknown>>;
      pageInfo: Record<string, unknown>;
    };
    expect(page.list.map((r) => r.Title)).toEqual(["Bob", "Ann"]);
    expect(page.pageInfo).toMatchObject({ totalRows: 2, page: 1, pageSize: 10, isFirstPage: true, isLastPage: true });
    expect(await rows.read(authors.id!, "1", { fields: "Title" } as never)).toEqual({ Title: "Ann" });
    expect(await rows.count(authors.id!, { where: "(Age,gt,30)" } as never)).toEqual({ count: 2 });

    expect(await rows.nestedLink(authors.id!, linkId, "1", [{ Id: 1 }, { Id: 2 }])).toBe(true);
    const linked = (await rows.nestedList(authors.id!, linkId, "1", {} as never)) as { list: Array<{ Title: string }> };
    expect(linked.list.map((r) => r.Title)).toEqual(["B1", "B2"]);
    expect(await rows.nestedUnlink(authors.id!, linkId, "1", [{ Id: 2 }])).toBe(true);
    // The Links field reads as NocoDB's v2 gives it: the number of linked records.
    expect(((await rows.read(authors.id!, "1", {} as never)) as { Books: unknown }).Books).toBe(1);
    const counts = (await rows.list(authors.id!, { sort: "Id" } as never)) as { list: Array<{ Books: unknown }> };
    expect(counts.list.map((r) => r.Books)).toEqual([1, 0, 0]);

    const viewId = ((await api.dbView.list(authors.id!)) as { list: Array<{ id: string }> }).list[0]!.id;
    const sum = await api.dbDataTableAggregate.dbDataTableAggregate(authors.id!, {
      viewId,
      aggregation: [{ field: colId(meta, "Age"), type: "sum" }],
    });
    expect(sum).toEqual({ Age: 98 });

    expect(await rows.update(authors.id!, [{ Id: 1, Age: 32 }])).toEqual([{ Id: 1 }]);
    expect(await rows.delete(authors.id!, [{ Id: 3 }])).toEqual([{ Id: 3 }]);
    expect(await rows.count(authors.id!, {} as never)).toEqual({ count: 2 });

    // The same client with an API token.
    const made = (await (
      await fetch(`${server.base}/api/v1/db/meta/projects/${base.id}/api-tokens`, {
        method: "POST",
        headers: { "xc-auth": token, "content-type": "application/json" },
        body: JSON.stringify({ description: "sdk" }),
      })
    ).json()) as { token: string };
    const byToken = new Api({ baseURL: server.base, headers: { "xc-token": made.token } });
    expect(await byToken.dbDataTableRow.count(authors.id!, {} as never)).toEqual({ count: 2 });

    // A refusal reaches the SDK as NocoDB's: an error with the status and `message`.
    const missing = await rows
      .read(authors.id!, "99", {} as never)
      .catch((e: { response?: { status: number; data: { message: string } } }) => e.response);
    expect(missing).toMatchObject({ status: 404, data: { message: expect.any(String) } });

    expect(await api.dbTable.delete(books.id!)).toBe(true);
    expect(await api.base.delete(base.id!)).toBe(true);
  });
});
