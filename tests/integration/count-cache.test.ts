import { expect, it } from "vitest";
import { inRoom, seedProject, seedUser, succeeding } from "./support";

/**
 * The room's count cache across view changes (issue 36, realtime/room-changes.ts): a sort change
 * or a field hidden in a view moves no count, so the counts cached before it are answered again
 * (the Sort dialog's steps no longer count every record again, a scan at millions of rows); any
 * other schema change empties the cache. Seen by taking the rows away behind the room's back: a
 * cached count still says 6.
 */
const M = "/api/v1/db/meta";

it("keeps the counts across a view's sort and field changes, and counts again after another schema change", async () => {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const call = succeeding(owner);
  const table = await call("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "items",
    title: "Items",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
    ],
  });
  const amount = (table.columns as Array<{ id: string; title: string }>).find((c) => c.title === "Amount")!.id;
  await call(
    "POST",
    `/api/v1/db/data/bulk/noco/${projectId}/Items`,
    Array.from({ length: 10 }, (_, i) => ({ Title: `Item ${i}`, Amount: i })),
  );
  const view = await call("POST", `${M}/tables/${table.id}/grids`, { title: "Big ones" });
  const count = async () =>
    (await call("GET", `/api/v1/db/data/noco/${projectId}/Items/views/${view.id}/count?where=(Amount,gt,3)`))
      .count as number;
  expect(await count()).toBe(6);
  await inRoom(projectId, (room) => room.store.exec('DELETE FROM "items"'));

  const sort = await call("POST", `${M}/views/${view.id}/sorts`, { fk_column_id: amount, direction: "desc" });
  expect(await count()).toBe(6);
  await call("PATCH", `${M}/sorts/${sort.id}`, { fk_column_id: amount, direction: "asc" });
  expect(await count()).toBe(6);
  await call("DELETE", `${M}/sorts/${sort.id}`);
  expect(await count()).toBe(6);
  // A field hidden in the view, and shown again.
  const columns = (await call("GET", `${M}/views/${view.id}/columns`)).list as Array<{ id: string }>;
  await call("PATCH", `${M}/views/${view.id}/columns/${columns[1]!.id}`, { show: false });
  await call("PATCH", `${M}/views/${view.id}/columns/${columns[1]!.id}`, { show: true });
  expect(await count()).toBe(6);

  // A field added is a schema change that may move counts: they are counted again.
  await call("POST", `${M}/tables/${table.id}/columns`, { title: "Note", uidt: "SingleLineText" });
  expect(await count()).toBe(0);
});
