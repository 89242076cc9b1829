import { env } from "cloudflare:workers";
import { describe, expect, expectTypeOf, it } from "vitest";
import { projectRoom, unwrap } from "../../functions/lib/room";
import type { Env } from "../../realtime/env";
import { seedProject, seedUser } from "./support";

describe("the room's typed entry points (#34)", () => {
  it("answers each request with its op's own type, and refuses one that is not a request", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const room = projectRoom(env as unknown as Env, projectId);

    const table = await unwrap(
      room.schema({ op: "createTable", projectId, input: { table_name: "Orders", title: "Orders" } }),
    );
    const views = await unwrap(room.views({ op: "listViews", projectId, tableId: table.id }));
    expectTypeOf(views).toBeArray();
    expect(views.map((v) => v.title)).toEqual(["Orders"]);
    const stamp = await unwrap(room.schema({ op: "schemaStamp" }));
    expectTypeOf(stamp).toBeString();
    expect(await unwrap(room.hooks({ op: "listHooks", projectId, tableId: table.id }))).toEqual([]);

    // Not a request: refused before any handler runs, whatever the caller's types said.
    const bogus = { op: "dropEverything", tableId: table.id } as unknown as { op: "deleteTable"; tableId: string };
    const refused = await room.schema(bogus);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(await unwrap(room.views({ op: "listViews", projectId, tableId: table.id }))).toHaveLength(1);
    const noId = { op: "deleteView" } as unknown as { op: "deleteView"; viewId: string };
    expect(await room.views(noId)).toMatchObject({ ok: false, status: 400 });
  });
});
