/** The import-cycle check behind lint's `local/no-cycle` (eslint.config.js), on a made-up tree. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles } from "../scripts/lint/import-graph.mjs";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "cycles-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("import cycles", () => {
  it("finds a loop, type-only imports included, and names it from each file on it", () => {
    const root = tree({
      "db/a.ts": 'import { b } from "./b";\nexport const a = b;',
      "db/b.ts": 'import type { C } from "../web/c";\nexport const b = 1;\nexport type B = C;',
      "web/c.tsx": 'export { a } from "../db/a";\nexport type C = number;',
      "web/d.ts": 'import { a } from "../db/a";\nexport const d = a;',
    });
    const found = cycles(root);
    expect(found.get("db/a.ts")).toEqual(["db/a.ts", "db/b.ts", "web/c.tsx", "db/a.ts"]);
    expect([...found.keys()].sort()).toEqual(["db/a.ts", "db/b.ts", "web/c.tsx"]);
  });

  it("ignores dynamic imports (loaded on demand) and allowed edges", () => {
    const root = tree({
      "db/a.ts": 'export const load = () => import("./b");',
      "db/b.ts": 'import { load } from "./a";\nexport const b = load;',
      "db/c.ts": 'import { d } from "./d";\nexport const c = d;',
      "db/d.ts": 'import { c } from "./c";\nexport const d = c;',
    });
    expect(cycles(root, ["db/d.ts -> db/c.ts"]).size).toBe(0);
    expect([...cycles(root).keys()].sort()).toEqual(["db/c.ts", "db/d.ts"]);
  });
});
