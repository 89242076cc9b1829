import { describe, expect, it } from "vitest";
import { compileWhere } from "./compile-where";
import { render } from "./sql";
import { ftsQuery, indexTerm, type TextIndex } from "./text-index";
import { col } from "./test-table";
import type { QueryTable } from "./types";

const INDEX: TextIndex = { table: "_nc_fts_items", key: "id", columns: new Map([["title", "f_title"]]) };
const TABLE: QueryTable = {
  tableName: "items",
  columns: [col("Title", "SingleLineText"), col("Other", "SingleLineText")],
  textIndex: INDEX,
};

const compiled = (where: string, table: QueryTable = TABLE) =>
  render(compileWhere(table, where, { dialect: "sqlite" })!, "sqlite");

describe("like through the trigram index", () => {
  it("takes the term without its outer wildcards, and only when it has 3+ characters and no inner %", () => {
    expect(indexTerm("%abc%")).toBe("abc");
    expect(indexTerm("abc")).toBe("abc");
    expect(indexTerm("%%ab_c%")).toBe("ab_c");
    expect(indexTerm("abc%")).toBe("abc");
    expect(indexTerm("%ab%")).toBeNull();
    expect(indexTerm("%a%bc%")).toBeNull();
    expect(indexTerm("😀😀")).toBeNull(); // two characters, four UTF-16 units
    expect(indexTerm("東京都")).toBe("東京都");
    expect(ftsQuery('say "hi"')).toBe('"say" AND "ay " AND "y """ AND " ""h" AND """hi" AND "hi"""');
    expect(ftsQuery("aaaa")).toBe('"aaa"');
    expect(ftsQuery("東京都庁")).toBe('"東京都" AND "京都庁"');
  });

  it("narrows an indexed like to the index's candidates, ANDed with the like itself", () => {
    const c = compiled("(Title,like,%Crème%)");
    expect(c.sql).toBe(
      `("id" IN (SELECT rowid FROM "_nc_fts_items" WHERE "f_title" MATCH ?)) AND (lower("title") LIKE lower(?) ESCAPE '!')`,
    );
    expect(c.params).toEqual(['"Crè" AND "rèm" AND "ème"', "%Crème%"]);
  });

  it("keeps the scan for short terms, inner wildcards, nlike, NOT, unindexed fields, and without an index", () => {
    for (const where of ["(Title,like,%ab%)", "(Title,like,%a%bc%)", "(Title,nlike,%abc%)", "(Other,like,%abc%)"])
      expect(compiled(where).sql, where).not.toContain("MATCH");
    expect(compiled("(Title,like,%abc%)", { ...TABLE, textIndex: undefined }).sql).not.toContain("MATCH");
    // Inside OR the like keeps its place: the candidates only narrow that one term.
    expect(compiled("(Other,eq,x)~or(Title,like,abcd)").sql).toBe(
      `("other" = ?) OR (("id" IN (SELECT rowid FROM "_nc_fts_items" WHERE "f_title" MATCH ?)) AND (lower("title") LIKE lower(?) ESCAPE '!'))`,
    );
    // Under NOT it scans: a NULL cell is no candidate (false) but its like is unknown (NULL).
    expect(compiled("~not(Title,like,abcd)").sql).not.toContain("MATCH");
    const nested = compiled("(Other,eq,x)~not((Other,eq,y)~or(Title,like,abcd))").sql;
    expect(nested).toContain("NOT");
    expect(nested).not.toContain("MATCH");
  });
});
