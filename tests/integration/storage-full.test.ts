import { runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import { PROJECT_FULL } from "../../realtime/room-guard";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, roomStub, seedProject, seedUser } from "./support";

/**
 * Near the 10 GB of a Durable Object's SQLite (README "Room for the size"): the write that passes
 * it fails with SQLite's SQLITE_FULL. It cannot be filled here (workerd's local store has no cap and
 * `PRAGMA max_page_count` is refused), so the room's store raises SQLite's error at the second
 * 100-row statement of a bulk insert: the answer is a 413 naming the limit, and the first
 * statement's rows are undone with it (one transaction), so the table holds what it held.
 */
it("answers a full project's insert with 413 and keeps none of its rows", async () => {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const made = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "Items", columns: [{ title: "Title", uidt: "SingleLineText" }] },
  });
  expect(made.status).toBe(200);
  const bulk = `/api/v1/db/data/bulk/noco/${projectId}/Items`;
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ Title: `t${i}` }));
  expect((await api("POST", bulk, { token: owner.token, body: rows(5) })).status).toBe(200);

  const restore = await runInDurableObject(roomStub(projectId), (room: ProjectRoom) => {
    const exec = room.store.exec;
    let inserts = 0;
    room.store.exec = (sql, ...params) => {
      if (/^INSERT INTO "items"/i.test(sql) && ++inserts === 2)
        throw new Error("database or disk is full: SQLITE_FULL");
      return exec(sql, ...params);
    };
    return () => (room.store.exec = exec);
  });
  const full = await api("POST", bulk, { token: owner.token, body: rows(300) });
  await runInDurableObject(roomStub(projectId), () => restore());
  expect(full.status).toBe(413);
  expect(full.body.msg).toBe(PROJECT_FULL);
  const count = await api("GET", `/api/v1/db/data/noco/${projectId}/Items/count`, { token: owner.token });
  expect(count.body.count).toBe(5);
});
