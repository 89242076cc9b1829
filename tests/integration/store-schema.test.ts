/**
 * The project object's meta tables are read through drizzle definitions (db/store/schema.ts) but
 * created by the DDL steps of db/store/migrations.ts: every defined column must exist, with the same
 * NOT NULL and key rule, in the tables the migrations made (a missing ALTER would fail at first read).
 */
import { runInDurableObject } from "cloudflare:test";
import { is } from "drizzle-orm";
import { SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/store/schema";
import type { ProjectRoom } from "../../realtime/project-room";
import { roomStub } from "./support";

const tables: SQLiteTable[] = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));

describe("project meta tables: drizzle definitions against the migrated SQLite", () => {
  it("defines tables", () => expect(tables.length).toBeGreaterThan(5));

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
    "%s has every defined column as defined",
    async (name, table) => {
      const room = roomStub("store-schema");
      const actual = await runInDurableObject(room, (r: ProjectRoom) =>
        r.store
          .exec(`PRAGMA table_info(${JSON.stringify(name)})`)
          .map((c) => ({ name: String(c.name), notNull: Number(c.notnull) === 1, pk: Number(c.pk) > 0 })),
      );
      const byName = new Map(actual.map((c) => [c.name, c]));
      for (const col of getTableConfig(table).columns) {
        const got = byName.get(col.name);
        expect(got, `${name}.${col.name} is missing`).toBeDefined();
        // SQLite reports a TEXT primary key as nullable; drizzle's notNull on it says nothing more.
        expect(
          { name: got?.name, pk: got?.pk, ...(col.primary ? {} : { notNull: got?.notNull }) },
          `${name}.${col.name}`,
        ).toEqual({
          name: col.name,
          pk: col.primary,
          ...(col.primary ? {} : { notNull: col.notNull }),
        });
      }
    },
  );
});
