import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compileKeys } from "../../db/query";
import { queryTable, useSearchIndex } from "../../db/rows/read";
import { BUILD_ROWS, ensureSearchIndex, KEEP_PER_FILL } from "../../db/rows/search-index";
import { tableRef } from "../../db/rows/table-ref";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, seedProject, seedUser, roomStub, type TestUser } from "./support";

/**
 * Issue 36, search that does not scan: a `like` on a big table is answered through its trigram
 * index, and every answer is the scan's (case, accents, CJK, emoji, punctuation), while the index
 * follows inserts, updates, deletes, field renames and type changes, the trash and a snapshot.
 */
const M = "/api/v1/db/meta";
const D = "/api/v1/db/data/noco";
const ROWS = BUILD_ROWS + 1_000;

const WORDS = [
  "Crème brûlée",
  "CRÈME",
  "école",
  "ÉCOLE",
  "Ecole",
  "naïve café",
  "東京都庁",
  "北京大学",
  "🍕🍕🍕 pizza",
  "emoji 😀 smile",
  "a_b%c",
  'say "hi"',
  "O'Brien",
  "Straße",
  "STRASSE",
  "İstanbul",
  "ΑΘΗΝΑ αθήνα",
  "mixedCase Word",
  "tab\tand\nnewline",
  "  spaced  ",
];

/** Row i's values: words picked by a fixed rule, so every term below matches a different set. */
function corpusRow(i: number) {
  const w = (k: number) => WORDS[(i * k + (i >> 3)) % WORDS.length]!;
  return {
    Title: i % 17 === 0 ? null : `${w(7)} #${i}`,
    Notes: i % 5 === 0 ? "" : `${w(3)} / ${w(11)} ${i % 2 ? "UPPER" : "lower"} ${"x".repeat(i % 40)}`,
    Email: `user${i}@Example.${i % 3 ? "com" : "org"}`,
    Code: String(i % 1000),
  };
}

const TERMS = [
  "crème",
  "CRÈME",
  "crè",
  "école",
  "ÉCOLE",
  "cole",
  "naïve",
  "東京都",
  "京都",
  "北京大",
  "🍕🍕🍕",
  "😀 s",
  "a_b",
  "_b%",
  "b%c",
  '"hi"',
  "'Br",
  "straße",
  "strasse",
  "İst",
  "αθή",
  "ΑΘΗ",
  "mixedcase",
  "MIXEDCASE",
  "d\nn",
  "  spa",
  "#12",
  "#1%3",
  "upper",
  "xxxxxxxxxx",
  "example.ORG",
  "@ex",
  "zzz-none",
  "ab",
];

const inRoom = <T>(projectId: string, fn: (room: ProjectRoom) => T) =>
  runInDurableObject(roomStub(projectId), (room: ProjectRoom) => fn(room));

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { token: user.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/**
 * The keys a filter selects in the project's room: through the table's index (made or checked as
 * every read does) and by the scan (the same query table without it), with whether the indexed
 * statement asked the index.
 */
function bothWays(projectId: string, where: string) {
  return inRoom(projectId, (room) => {
    const t = tableRef(room.store, "Items");
    useSearchIndex(room.store, t, where); // as every read does
    const table = queryTable(t);
    const keys = (tb: typeof table) => {
      const q = compileKeys({ dialect: "sqlite", table: tb, where, keyColumn: "id" });
      return { ids: room.store.exec(q.sql, ...(q.params as never[])).map((r) => Number(r.id)), sql: q.sql };
    };
    const indexed = keys(table);
    const scanned = keys({ ...table, textIndex: undefined });
    return { indexed: indexed.ids, scanned: scanned.ids, used: /MATCH/.test(indexed.sql), ready: !!table.textIndex };
  });
}

/** Every term on every text field (and all of them ORed, as the search box asks): index = scan. */
async function expectSameAnswers(projectId: string, fields: string[], terms = TERMS) {
  let used = 0;
  for (const term of terms) {
    const wheres = [
      ...fields.map((f) => `(${f},like,%${term}%)`),
      fields.map((f) => `(${f},like,%${term}%)`).join("~or"),
      `~not(${fields[0]},like,%${term}%)`, // NULL cells stay out, as with the scan
    ];
    for (const where of wheres) {
      const { indexed, scanned, used: u } = await bothWays(projectId, where);
      expect(indexed, `${where}`).toEqual(scanned);
      if (u) used++;
    }
  }
  return used;
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const made = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Items",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Notes", uidt: "LongText" },
      { title: "Email", uidt: "Email" },
      { title: "Code", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
    ],
  });
  const all = Array.from({ length: ROWS }, (_, i) => corpusRow(i + 1));
  for (let at = 0; at < all.length; at += 1000)
    await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, all.slice(at, at + 1000));
  const col = (title: string) => (made.columns as Array<{ id: string; title: string }>).find((c) => c.title === title)!;
  return { owner, projectId, tableId: made.id as string, col, T: `${D}/${projectId}/Items` };
}

const indexSql = (projectId: string) =>
  inRoom(projectId, (room) =>
    room.store
      .exec(
        "SELECT name, sql FROM sqlite_master WHERE name LIKE '\\_nc\\_fts\\_%' ESCAPE '\\' AND type IN ('table', 'trigger') AND sql LIKE 'CREATE VIRTUAL%'",
      )
      .map((r) => String(r.sql)),
  );

describe("search index", () => {
  it("answers every term as the scan does, and follows writes, schema changes, the trash and snapshots", async () => {
    const { owner, projectId, col, T } = await setup();
    const fields = ["Title", "Notes", "Email", "Code"];

    // No index before a search; the first search with a term of 3+ characters makes it.
    expect(await indexSql(projectId)).toEqual([]);
    const first = await call(owner, "GET", `${T}?where=${encodeURIComponent("(Title,like,%École%)")}&limit=5`);
    const [fts] = await indexSql(projectId);
    expect(fts).toMatch(/USING fts5\("f_code", "f_email", "f_notes", "f_title".*trigram/);
    expect((await bothWays(projectId, "(Title,like,%École%)")).ready).toBe(true);
    expect(first.pageInfo.totalRows).toBe((await bothWays(projectId, "(Title,like,%École%)")).scanned.length);
    // Equivalence over the whole corpus; the index answered most of them (not the short or wildcard terms).
    expect(await expectSameAnswers(projectId, fields)).toBeGreaterThan(100);
    const short = await bothWays(projectId, "(Title,like,%ab%)");
    expect(short.used).toBe(false);
    expect((await bothWays(projectId, "(Title,like,%#1%3%)")).used).toBe(false);
    expect((await bothWays(projectId, "(Title,nlike,%école%)")).used).toBe(false);

    // Inserts, updates and deletes through the API are found (or no longer found) at once.
    const added = await call(owner, "POST", T, { Title: "Quetzalcoatl première", Notes: "Ünïcødé" });
    const hit = async (where: string) => (await bothWays(projectId, where)).indexed;
    expect(await hit("(Title,like,%QUETZAL%)")).toEqual([added.Id]);
    await call(owner, "PATCH", `${T}/${added.Id}`, { Title: "Xochipilli" });
    expect(await hit("(Title,like,%quetzal%)")).toEqual([]);
    expect(await hit("(Title,like,%chipil%)")).toEqual([added.Id]);
    expect(await hit("(Notes,like,%ïcø%)")).toEqual([added.Id]);
    await call(owner, "DELETE", `${T}/${added.Id}`);
    expect(await hit("(Title,like,%chipil%)")).toEqual([]);

    // A deleted record restored from the trash is found again.
    const trash = `${M}/projects/${projectId}/trash`;
    const entries = (await call(owner, "GET", `${trash}?type=record`)).list as Array<{ id: string }>;
    await call(owner, "POST", `${trash}/${entries[0]!.id}/restore`);
    expect(await hit("(Title,like,%chipil%)")).toEqual([added.Id]);

    // A field renamed: searched under its new title, same answers.
    await call(owner, "PATCH", `${M}/columns/${col("Notes").id}`, { title: "Remarks" });
    expect(await expectSameAnswers(projectId, ["Remarks"], ["crème", "東京都", "🍕🍕🍕", "mixedcase"])).toBeGreaterThan(
      0,
    );

    // A type change that drops the column (text to number): the index is rebuilt without it.
    await call(owner, "PATCH", `${M}/columns/${col("Code").id}`, { uidt: "Number" });
    await call(owner, "GET", `${T}?where=${encodeURIComponent("(Title,like,%école%)")}&limit=1`);
    expect((await indexSql(projectId))[0]).toMatch(/USING fts5\("f_email", "f_notes", "f_title"/);
    expect(await expectSameAnswers(projectId, ["Title", "Email"], ["crème", "İst", "@ex"])).toBeGreaterThan(0);

    // A field deleted to the trash and restored: searchable again, through a rebuilt index.
    await call(owner, "DELETE", `${M}/columns/${col("Email").id}`);
    expect(await expectSameAnswers(projectId, ["Title"], ["crème"])).toBeGreaterThan(0);
    const fieldEntry = ((await call(owner, "GET", trash)).list as Array<{ id: string; type: string }>).find(
      (e) => e.type === "field",
    )!;
    await call(owner, "POST", `${trash}/${fieldEntry.id}/restore`);
    expect(await expectSameAnswers(projectId, ["Email"], ["example.ORG", "@ex", "user12@"])).toBeGreaterThan(0);
    await call(owner, "POST", T, { Title: "after restore", Email: "zebra@zoo.io" });
    expect(await hit("(Email,like,%zebra@%)")).toHaveLength(1);

    // A snapshot restored as a new project: the copy has no index until its first search, then
    // answers the same. The index is not part of the snapshot.
    const S = `${M}/projects/${projectId}/snapshots`;
    const taken = await call(owner, "POST", S, { title: "With an index" });
    const copy = (await call(owner, "POST", `${S}/${taken.id}/restore`, { as_new_project: true })).project_id as string;
    expect(await indexSql(copy)).toEqual([]);
    const copied = await call(
      owner,
      "GET",
      `${D}/${copy}/Items?where=${encodeURIComponent("(Title,like,%crème%)")}&limit=1`,
    );
    expect(copied.pageInfo.totalRows).toBe((await bothWays(projectId, "(Title,like,%crème%)")).scanned.length);
    expect(await indexSql(copy)).toHaveLength(1);
    expect(await expectSameAnswers(copy, ["Title", "Remarks"], ["crème", "東京都", "zebra"])).toBeGreaterThan(0);
    // Restored in place over a project that has an index: the old index goes, a new one comes.
    await call(owner, "POST", T, { Title: "made after the snapshot" });
    await call(owner, "POST", `${S}/${taken.id}/restore`, { as_new_project: false });
    expect(await indexSql(projectId)).toEqual([]);
    expect(await hit("(Title,like,%after the snapshot%)")).toEqual([]);
    expect(await expectSameAnswers(projectId, ["Title", "Email"], ["crème", "zebra"])).toBeGreaterThan(0);
  });

  it("fills a big table's index in steps between requests; searches scan until it is whole and nothing written meanwhile is missed", async () => {
    const { owner, projectId, T } = await setup();
    const where = "(Title,like,%crème%)";
    const sizes = { stepsFrom: BUILD_ROWS, stepRows: 1_000 }; // a "big" table of 6,000 rows, six steps
    // The room's deferred work (one pending job per slot, as ProjectStore.later), held here so the
    // test runs each step when it chooses.
    const steps: Array<() => void> = [];
    const start = () =>
      inRoom(projectId, (room) => {
        room.store.later = (_slot, _job, fn) => void (steps.length === 0 && steps.push(fn));
        return ensureSearchIndex(room.store, tableRef(room.store, "Items"), where, sizes);
      });
    const step = () =>
      inRoom(projectId, () => {
        const fn = steps.shift();
        expect(fn, "a step was asked for").toBeDefined();
        fn!();
      });
    const marker = () =>
      inRoom(
        projectId,
        (room) => room.store.exec('SELECT next, last FROM "_nc_fts_Items$fill"')[0] as { next: number; last: number },
      );

    // Started, not filled: the FTS table and triggers exist, the search scans, one step is asked.
    expect(await start()).toBeUndefined();
    expect(await indexSql(projectId)).toHaveLength(1);
    expect(steps).toHaveLength(1);
    expect(await marker()).toEqual({ next: 1, last: ROWS });
    await step();
    expect((await marker()).next).toBe(1_001);
    // Between steps: a row not yet filled is updated, another deleted, a new one added.
    await call(owner, "PATCH", `${T}/4500`, { Title: "Quetzalcoatl filled by its trigger" });
    await call(owner, "DELETE", `${T}/4501`);
    const added = await call(owner, "POST", T, { Title: "Quetzalcoatl added during the fill" });
    // Still filling: a search asks for no index (the scan) and does not ask a second step.
    expect(await start()).toBeUndefined();
    expect(steps).toHaveLength(1);
    while (steps.length) await step();
    expect(
      await inRoom(projectId, (room) => room.store.exec("SELECT name FROM sqlite_master WHERE name LIKE '%$fill'")),
    ).toEqual([]);
    // Whole: the index is used and answers as the scan, with each row once.
    expect(await start()).toBeDefined();
    expect((await bothWays(projectId, where)).used).toBe(true);
    expect(await expectSameAnswers(projectId, ["Title", "Notes", "Email", "Code"], TERMS.slice(0, 12))).toBeGreaterThan(
      20,
    );
    expect((await bothWays(projectId, "(Title,like,%Quetzalcoatl%)")).indexed).toEqual([4500, added.Id]);
    // Each row is in the index once: after another update, nothing of its old text is left there.
    await call(owner, "PATCH", `${T}/4500`, { Title: "Xochipilli" });
    const raw = await inRoom(projectId, (room) =>
      room.store
        .exec(`SELECT rowid AS id FROM "_nc_fts_Items" WHERE "_nc_fts_Items" MATCH ?`, '"que" AND "uet" AND "etz"')
        .map((r) => Number(r.id)),
    );
    expect(raw).toEqual([added.Id]);
    const counts = await inRoom(
      projectId,
      (room) =>
        room.store.exec(
          'SELECT (SELECT count(*) FROM "_nc_fts_Items" WHERE rowid > 0) AS indexed, (SELECT count(*) FROM "Items") AS rows_',
        )[0],
    );
    expect(counts!.indexed).toBe(counts!.rows_);
  });

  it("is dropped while the table grows by bulk inserts with no search, kept when searches come between, and answers the same after", async () => {
    const { owner, projectId, T } = await setup();
    const bulk = `/api/v1/db/data/bulk/noco/${projectId}/Items`;
    const where = "(Title,like,%crème%)";
    const search = () => call(owner, "GET", `${T}?where=${encodeURIComponent(where)}&limit=1`);
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => corpusRow(from + i));
    await search();
    expect(await indexSql(projectId)).toHaveLength(1);
    // 3,000 rows in 1,000-row inserts (more than a fifth of the table), a search between each: kept.
    for (let k = 0; k < 3; k++) {
      await call(owner, "POST", bulk, rows(ROWS + k * 1000, 1000));
      expect(await indexSql(projectId)).toHaveLength(1);
      await search();
    }
    expect(await indexSql(projectId)).toHaveLength(1);
    // The same without the searches: kept while fewer than a fifth of the table went in, dropped by
    // the insert that passes it.
    const size = ROWS + 3000;
    await call(owner, "POST", bulk, rows(size, 1000));
    expect(await indexSql(projectId)).toHaveLength(1);
    await call(owner, "POST", bulk, rows(size + 1000, 1000));
    expect(await indexSql(projectId)).toEqual([]);
    expect(2000 * KEEP_PER_FILL).toBeGreaterThanOrEqual(size + 1000); // the table before that insert
    // The next search rebuilds it (a table under 200,000 rows: at once) and answers as the scan.
    const found = await search();
    expect(await indexSql(projectId)).toHaveLength(1);
    const both = await bothWays(projectId, where);
    expect(both.used).toBe(true);
    expect(both.indexed).toEqual(both.scanned);
    expect(found.pageInfo.totalRows).toBe(both.scanned.length);
    expect(await expectSameAnswers(projectId, ["Title", "Notes"], TERMS.slice(0, 6))).toBeGreaterThan(5);
  });
});
