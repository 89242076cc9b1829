import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { insertMany } from "../rows/api";
import { readTable, createTable, deleteTable } from "../schema/tables";
import { dumpLines, dumpProject, IdRemap, loadProject } from "./dump";

const FROM = "p_aaaaaaaaaaaaaa";
const TO = "p_bbbbbbbbbbbbbb";
const actor = { id: "us_1", email: "a@example.com" };

/** A project with one table of three rows, one naming an upload of the project. */
function project() {
  const store = Object.assign(nodeProjectStore(), { projectId: FROM });
  const table = createTable(store, FROM, {
    table_name: "Things",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Price", uidt: "Decimal" },
    ],
  } as never) as { id: string; columns: Array<{ id: string }> };
  const path = `download/noco/${FROM}/${table.id}/${table.columns[1]!.id}/abc.txt`;
  insertMany(
    store,
    table.id,
    [{ Name: "bolt", Price: 0.1 + 0.2 }, { Name: path }, { Name: "nut 'quoted' \"x\"\n" }],
    actor,
  );
  return { store, table, path };
}

const rows = (store: ReturnType<typeof project>["store"]) =>
  store.exec("SELECT * FROM things ORDER BY 1").map((r) => ({ ...r }));

describe("project dumps", () => {
  it("load back to the dumped state, journal removed and made ids, and refuse a dump cut short", () => {
    const { store, table } = project();
    const before = rows(store);
    const dump = dumpProject(store);
    expect(dump.dataRows).toBe(3);
    store.exec("DELETE FROM _nc_id_journal");

    deleteTable(store, table.id);
    expect(store.exec("SELECT 1 FROM sqlite_master WHERE name = 'things'")).toEqual([]);
    // Cut short (its end line lost): refused, nothing of it written.
    const lines = [...dumpLines(dump.chunks)];
    expect(() => loadProject(store, lines.slice(0, -1))).toThrow("The snapshot is incomplete");
    expect(store.exec("SELECT 1 FROM sqlite_master WHERE name = 'things'")).toEqual([]);

    const loaded = loadProject(store, lines);
    expect(loaded.tables).toBe(dump.tables);
    expect(rows(store)).toEqual(before);
    expect(Object.values(rows(store)[0]!)).toContain(0.1 + 0.2);
    expect(readTable(store, FROM, table.id).title).toBe("Things");
    const journal = store.exec("SELECT id, added FROM _nc_id_journal WHERE id = ? ORDER BY rowid", table.id);
    expect(journal.at(-1)).toEqual({ id: table.id, added: 1 });
  });

  it("with a remap, give every id and the project id new values everywhere", () => {
    const { store, table, path } = project();
    const dump = dumpProject(store);
    const copy = Object.assign(nodeProjectStore(), { projectId: TO });
    const remap = new IdRemap(TO);
    const loaded = loadProject(copy, dumpLines(dump.chunks), remap);
    const newId = remap.ids.get(table.id)!;
    expect(newId).toMatch(/^md_[0-9a-z]{14}$/);
    expect(newId).not.toBe(table.id);
    expect(readTable(copy, TO, newId).title).toBe("Things");
    const text = dumpProject(copy).chunks.join("");
    for (const old of [table.id, ...table.columns.map((c) => c.id), FROM]) expect(text).not.toContain(old);
    expect(loaded.uploads.get(path)).toBe(remap.apply(path));
    expect(loaded.uploads.get(path)).toContain(`download/noco/${TO}/${newId}/`);
    expect(rows(copy).map((r) => Object.values(r).find((v) => typeof v === "string" && !/^\d{4}-/.test(v)))).toEqual([
      "bolt",
      remap.apply(path),
      "nut 'quoted' \"x\"\n",
    ]);
  });

  it("refuse statements a project's dump never holds: a second statement, a trigger of anyone's making", () => {
    const { store } = project();
    const lines = [...dumpLines(dumpProject(store).chunks)];
    const at = lines.findIndex((l) => l.startsWith('{"index"'));
    const tampered = (line: string) => {
      const copy = [...lines];
      copy[at] = line;
      return copy;
    };
    const before = store.exec("SELECT count(*) AS n FROM _nc_models")[0]!.n;
    expect(() =>
      loadProject(
        store,
        tampered(JSON.stringify({ index: "x", sql: "CREATE INDEX x ON things (id); DELETE FROM _nc_snapshots" })),
      ),
    ).toThrow("index statement that is not allowed");
    expect(() =>
      loadProject(
        store,
        tampered(
          JSON.stringify({
            trigger: "t",
            sql: "CREATE TRIGGER t AFTER INSERT ON _nc_models BEGIN INSERT INTO _nc_id_journal VALUES ('md_other', 1); END",
          }),
        ),
      ),
    ).toThrow("trigger statement that is not allowed");
    expect(store.exec("SELECT count(*) AS n FROM _nc_models")[0]!.n).toBe(before);
  });
});
