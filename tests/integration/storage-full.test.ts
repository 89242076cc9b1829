import { runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import { PROJECT_DB_LIMIT_BYTES, PROJECT_FULL } from "../../db/limits";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, roomStub, seedProject, seedUser } from "./support";

/** An owner's new project with one table, Items (Title). */
async function projectWithItems() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const made = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "Items", columns: [{ title: "Title", uidt: "SingleLineText" }] },
  });
  expect(made.status).toBe(200);
  return { owner, projectId };
}

/**
 * Near the 10 GB of a Durable Object's SQLite (README "Room for the size"): the write that passes
 * it fails with SQLite's SQLITE_FULL. It cannot be filled here (workerd's local store has no cap and
 * `PRAGMA max_page_count` is refused), so the room's store raises SQLite's error at the second
 * 100-row statement of a bulk insert: the answer is a 413 naming the limit, and the first
 * statement's rows are undone with it (one transaction), so the table holds what it held.
 */
it("answers a full project's insert with 413 and keeps none of its rows", async () => {
  const { owner, projectId } = await projectWithItems();
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

/**
 * Before the limit: a bulk insert whose rows would not fit in what is left is refused before any
 * of it is written, with a 413 saying how much room is left and how much it needs; `/usage`
 * tells what the database holds against the limit (the import checks a file against it).
 */
it("refuses a bulk insert that would pass the limit before writing any of it, and tells the room left", async () => {
  const { owner, projectId } = await projectWithItems();
  const usage = await api("GET", `/api/v1/db/meta/projects/${projectId}/usage`, { token: owner.token });
  expect(usage.status).toBe(200);
  expect(usage.body.database_limit_bytes).toBe(PROJECT_DB_LIMIT_BYTES);
  const used = usage.body.database_bytes as number;
  expect(used).toBeGreaterThan(0);

  // 200 KB left: 1,000 rows of ~110 bytes of JSON fit, 2,000 rows of ~310 do not.
  await runInDurableObject(roomStub(projectId), (room: ProjectRoom) => void (room.dbLimitBytes = used + 200_000));
  const bulk = `/api/v1/db/data/bulk/noco/${projectId}/Items`;
  const rows = (n: number, text: string) => Array.from({ length: n }, (_, i) => ({ Title: `${text} ${i}` }));
  expect((await api("POST", bulk, { token: owner.token, body: rows(1000, "x".repeat(90)) })).status).toBe(200);
  const after = (await api("GET", `/api/v1/db/meta/projects/${projectId}/usage`, { token: owner.token })).body;
  expect(after.database_bytes).toBeGreaterThan(used);
  expect(after.database_limit_bytes).toBe(used + 200_000);
  const refused = await api("POST", bulk, { token: owner.token, body: rows(2000, "y".repeat(290)) });
  expect(refused.status).toBe(413);
  expect(refused.body.msg).toMatch(
    /^The project has room for about \d+(\.\d)? KB more, and this change needs about 6\d\d KB\. Nothing of it was saved/,
  );
  const count = await api("GET", `/api/v1/db/data/noco/${projectId}/Items/count`, { token: owner.token });
  expect(count.body.count).toBe(1000);
  // A viewer may read the usage; a stranger may not.
  const stranger = await seedUser("org-level-viewer");
  expect((await api("GET", `/api/v1/db/meta/projects/${projectId}/usage`, { token: stranger.token })).status).toBe(403);
});
