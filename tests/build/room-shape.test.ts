/**
 * The project room's shape (issue 34): a few typed entry points, not a method per operation, and
 * no choice between the project's own tables and an external database inside the class (the rows'
 * source is picked once: realtime/room-tables.ts; a schema change's: realtime/room-schema-source.ts).
 * The other shape targets have their guards beside what they guard: dialect names
 * (db/query/dialects/dialects.test.ts), field type names and `uidt` comparisons
 * (db/fields/type-lists.test.ts), server shapes re-declared in the web (web/api/wire-shapes.test.ts).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** partyserver's lifecycle: called by the platform, not by the Worker. */
const LIFECYCLE = new Set(["onConnect", "onMessage", "onClose", "onRequest", "onAlarm", "onStart", "onError"]);
const MAX_ENTRY_POINTS = 15;

function roomMethods(): string[] {
  const file = "realtime/project-room.ts";
  const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  src.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== "ProjectRoom") return;
    for (const m of node.members) {
      if (!ts.isMethodDeclaration(m) || !ts.isIdentifier(m.name)) continue;
      const hidden = ts
        .getModifiers(m)
        ?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.StaticKeyword);
      if (!hidden && !LIFECYCLE.has(m.name.text)) names.push(m.name.text);
    }
  });
  return names;
}

describe("the project room's shape", () => {
  it(`answers the Worker through at most ${MAX_ENTRY_POINTS} entry points`, () => {
    const methods = roomMethods();
    expect(methods.length, methods.join(", ")).toBeGreaterThan(0);
    expect(methods.length, methods.join(", ")).toBeLessThanOrEqual(MAX_ENTRY_POINTS);
  });

  it("never chooses between its own tables and an external database by `this.source`", () => {
    const found = readdirSync("realtime")
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) =>
        readFileSync(join("realtime", f), "utf8")
          .split("\n")
          .map((line, i) => [`realtime/${f}:${i + 1}`, line] as const),
      )
      .filter(([, line]) => /\bif\s*\(\s*!?\s*this\.source\b/.test(line))
      .map(([where]) => where);
    expect(found).toEqual([]);
  });
});
