import { describe, expect, it } from "vitest";
import { MIN_ROWS } from "../../db/rows/group-counts";
import { inRoom, seedProject, seedUser, succeeding } from "./support";

/**
 * Issue 36, the maintained row count (db/rows/row-count.ts): the unfiltered count of a table reads
 * one kept number, and that number equals count(*) over the rows (NOT INDEXED) after single and
 * bulk inserts, deletes one by one, in bulk and by filter, a record restored from the trash, the
 * growth rule (which keeps it) and a snapshot restored as a new project (which makes its own).
 */
const M = "/api/v1/db/meta";
const D = "/api/v1/db/data/noco";
const ROWS = MIN_ROWS + 200;
const row = (i: number) => ({ Title: `Item ${i}`, Amount: i % 10 });

/** count(*) by a scan, and the kept number (null while there is none). */
const inTable = (projectId: string) =>
  inRoom(projectId, (room) => {
    const kept = room.store.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_nc_grp_items$*'");
    return {
      scan: Number(room.store.exec('SELECT count(*) AS n FROM "items" NOT INDEXED')[0]!.n),
      kept: kept.length ? Number(room.store.exec('SELECT n FROM "_nc_grp_items$*"')[0]!.n) : null,
    };
  });

describe("the maintained row count", () => {
  it("equals count(*) through every kind of write, and the plain count reads it", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const call = succeeding(owner);
    await call("POST", `${M}/projects/${projectId}/tables`, {
      table_name: "items",
      title: "Items",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
      ],
    });
    const T = `${D}/${projectId}/Items`;
    const B = `/api/v1/db/data/bulk/noco/${projectId}/Items`;
    const bulk = (from: number, n: number) =>
      call(
        "POST",
        B,
        Array.from({ length: n }, (_, i) => row(from + i)),
      );
    // A small table counts its rows: no kept count yet.
    await bulk(1, 100);
    expect((await call("GET", `${T}/count`)).count).toBe(100);
    expect((await inTable(projectId)).kept).toBeNull();
    await bulk(101, ROWS - 100);
    const counted = async (project = projectId, path = T) => {
      const api = (await call("GET", `${path}/count`)).count as number;
      const room = await inTable(project);
      expect(room.kept).toBe(room.scan);
      expect(api).toBe(room.scan);
      return api;
    };
    expect(await counted()).toBe(ROWS);

    // The count is read from the kept number, not the rows: a number set by hand shows (the
    // count cache drops on a write, here a row added and removed).
    await inRoom(projectId, (room) => room.store.exec('UPDATE "_nc_grp_items$*" SET n = n + 1000'));
    const added = await call("POST", T, row(0));
    await call("DELETE", `${T}/${added.Id}`);
    expect((await call("GET", `${T}/count`)).count).toBe(ROWS + 1000);
    await inRoom(projectId, (room) => room.store.exec('UPDATE "_nc_grp_items$*" SET n = n - 1000'));
    await call("POST", T, row(-1));
    expect(await counted()).toBe(ROWS + 1);

    // Deletes: one, in bulk, by filter; a record back from the trash.
    await call("DELETE", `${T}/3`);
    await call("DELETE", B, [{ Id: 5 }, { Id: 6 }, { Id: 7 }]);
    const removed = await call("DELETE", `${B}/all?where=${encodeURIComponent("(Amount,eq,9)")}`);
    expect(Number(removed)).toBeGreaterThan(400);
    await counted();
    const trash = `${M}/projects/${projectId}/trash`;
    const entries = (await call("GET", `${trash}?type=record`)).list as Array<{ id: string }>;
    await call("POST", `${trash}/${entries[0]!.id}/restore`);
    const before = await counted();

    // The growth rule (rows past a sixteenth of the table without a read) keeps the row count.
    await bulk(ROWS + 10, 1_000);
    expect((await inTable(projectId)).kept).toBe(before + 1_000);
    expect(await counted()).toBe(before + 1_000);

    // A snapshot leaves it out; the copy counts the same and keeps its own.
    const S = `${M}/projects/${projectId}/snapshots`;
    const taken = await call("POST", S, { title: "With a row count" });
    const copy = (await call("POST", `${S}/${taken.id}/restore`, { as_new_project: true })).project_id as string;
    expect((await inTable(copy)).kept).toBeNull();
    expect(await counted(copy, `${D}/${copy}/Items`)).toBe(before + 1_000);
  });
});
