/**
 * The tables a T-SQL statement names, for tests that check where its tables are read and written
 * (a SQL Server base on a schema other than the login's default names each one `[schema].[table]`).
 * Read as tables: the target of every FROM, JOIN, UPDATE, INSERT INTO, DELETE FROM, ALTER TABLE,
 * CREATE TABLE, DROP TABLE and REFERENCES, and the object sp_rename is given (a string literal:
 * `N'[s].[t]'`, or `N'[s].[t].[c]'` with 'COLUMN', whose last part is the column). Each is returned
 * as its name parts (`[s].[t]` → ["s", "t"]). Not tables: a sub-query `(SELECT ..)`, a table
 * function (OPENJSON, GENERATE_SERIES) and TRIM(.. FROM ..). A bare word where a table stands is
 * returned as a one-part name, so an unqualified table is found whether quoted or not.
 */

type Tok = { k: "str" | "id" | "word" | "punct"; t: string };

/** The text from `from` up to the closing `close` (doubled, it stands for itself), and the index after it. */
function quoted(text: string, from: number, close: string): [string, number] {
  let value = "";
  let j = from;
  for (; j < text.length; j++) {
    if (text[j] === close && text[j + 1] === close) {
      value += close;
      j++;
    } else if (text[j] === close) break;
    else value += text[j];
  }
  return [value, j + 1];
}

function tokens(text: string): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    let value: string;
    if (/\s/.test(ch)) i++;
    else if (ch === "'" || ((ch === "N" || ch === "n") && text[i + 1] === "'")) {
      [value, i] = quoted(text, i + (ch === "'" ? 1 : 2), "'");
      out.push({ k: "str", t: value });
    } else if (ch === "[") {
      [value, i] = quoted(text, i + 1, "]");
      out.push({ k: "id", t: value });
    } else if (/[A-Za-z_@#]/.test(ch)) {
      const m = /^[A-Za-z0-9_@#$]+/.exec(text.slice(i))![0];
      out.push({ k: "word", t: m });
      i += m.length;
    } else {
      out.push({ k: "punct", t: ch });
      i++;
    }
  }
  return out;
}

/** `[a].[b]` (or `a.b`) as its parts: the name the statement gives an object. */
function nameParts(text: string): string[] {
  return tokens(text)
    .filter((t) => t.k !== "punct")
    .map((t) => t.t);
}

export function tableTargets(text: string): string[][] {
  const toks = tokens(text);
  const out: string[][] = [];
  /** Token i is of kind k (and, when given, is t: a word in any case). */
  const is = (i: number, k: Tok["k"], t?: string) =>
    toks[i]?.k === k && (t === undefined || (k === "word" ? toks[i]!.t.toUpperCase() : toks[i]!.t) === t);
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.k !== "word") continue;
    const tok = { ...toks[i]!, t: toks[i]!.t.toUpperCase() };
    // TRIM(chars FROM text) reads no table.
    if (tok.t === "TRIM" && is(i + 1, "punct", "(")) {
      for (let depth = 0, j = i + 1; j < toks.length; j++) {
        if (is(j, "punct", "(")) depth++;
        if (is(j, "punct", ")") && --depth === 0) {
          i = j;
          break;
        }
      }
      continue;
    }
    if (tok.t === "EXEC" && is(i + 1, "word", "SP_RENAME") && is(i + 2, "str")) {
      const parts = nameParts(toks[i + 2]!.t);
      const column = toks.slice(i + 3, i + 8).some((t) => t.k === "str" && t.t.toUpperCase() === "COLUMN");
      out.push(column ? parts.slice(0, -1) : parts);
      continue;
    }
    const table =
      ["FROM", "JOIN", "UPDATE", "INTO", "REFERENCES"].includes(tok.t) ||
      (tok.t === "TABLE" && ["ALTER", "CREATE", "DROP"].some((w) => is(i - 1, "word", w)));
    if (!table) continue;
    const next = toks[i + 1];
    if (!next || is(i + 1, "punct", "(")) continue;
    if (next.k === "word" && is(i + 2, "punct", "(")) continue;
    const parts: string[] = [];
    let j = i + 1;
    for (;;) {
      if (toks[j]?.k !== "id" && toks[j]?.k !== "word") break;
      parts.push(toks[j]!.t);
      if (!is(j + 1, "punct", ".")) break;
      j += 2;
    }
    out.push(parts);
  }
  return out;
}

/**
 * Every table the statement names is `[schema].[name]`, and it names at least one: the problems
 * (empty when there are none), each naming the target as written.
 */
export function unqualifiedTables(text: string, schema: string): string[] {
  const targets = tableTargets(text);
  if (!targets.length) return ["no table at all"];
  return targets.filter((p) => p.length !== 2 || p[0] !== schema).map((p) => p.join("."));
}
