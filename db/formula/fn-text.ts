/**
 * Text functions. Rules (the same answers on every dialect):
 * - Positions and lengths count characters (code points), 1-based: sqlite length/substr/instr,
 *   pg char_length/substr/strpos, mysql CHAR_LENGTH/SUBSTRING/LOCATE under utf8mb4_bin, SQL Server
 *   LEN/SUBSTRING/RIGHT/CHARINDEX under its supplementary-aware binary collation (sqlkit.ts `chars`;
 *   LEN(x + N'x') - 1 counts trailing spaces, and SUBSTRING is given a length when none is).
 * - Counts are truncated to whole numbers; a negative count is 0, a start before 1 is 1 (sqlite
 *   would count a negative start from the end, pg and mysql differ on 0 and negative lengths).
 * - A blank argument gives a blank result, except in CONCAT, which reads blank as "".
 * - SEARCH and REPLACE match exactly (case-sensitive); SEARCH gives 0 when nothing is found, 1 for
 *   empty text (SQL Server's CHARINDEX would give 0).
 * - UPPER and LOWER change ASCII letters only (see sqlkit.ts); TRIM removes spaces at both ends.
 * - REPT on sqlite repeats through replace(hex(zeroblob(n)), '00', text); it has no repeat().
 * - REPT stops at REPT_MAX_LENGTH characters (whole repetitions only). SQL Server's REPLICATE is
 *   given nvarchar(max), else it would cut its answer at 8,000 bytes.
 */
import { dialectOf } from "../query/dialects";
import { Frag, sql } from "../query/sql";
import { intArg, literalNumber, type Arg, type FnSpec } from "./spec";
import { concat, foldCase, locate, substr, textLength, type Ctx } from "./sqlkit";

const text = (name = "text") => ({ name, type: "string" }) as const;
const count = (name = "count") => ({ name, type: "number" }) as const;
const fn = (
  name: string,
  args: FnSpec["args"],
  description: string,
  example: string,
  compile: FnSpec["compile"],
): FnSpec => ({
  name,
  category: "string",
  args,
  returns: "string",
  description,
  example,
  compile,
});

function slice(c: Ctx, [s, start, len]: Arg[]): Frag {
  const from = intArg(c, start!, 1);
  return len ? substr(c.d, s!.sql, from, intArg(c, len, 0)) : substr(c.d, s!.sql, from);
}

const right = (c: Ctx, s: Frag, n: Frag): Frag => dialectOf(c.d).right(s, n);

/**
 * The longest text REPT makes. It is the one function that multiplies text, so capping it caps
 * every formula result: without it `REPT('a', 2147483647)` exceeds the database's value limit
 * on every read of the table.
 */
export const REPT_MAX_LENGTH = 100_000;

function repeat(c: Ctx, s: Frag, times: Arg): Frag {
  const cap = new Frag([String(REPT_MAX_LENGTH)]);
  return dialectOf(c.d).repeat(s, intArg(c, times, 0), cap, literalNumber(times.node) !== undefined);
}

const blankAsEmpty = (x: Frag) => sql`COALESCE(${x}, '')`;

export const TEXT: FnSpec[] = [
  fn(
    "CONCAT",
    [{ ...text(), repeat: true }],
    "The texts joined together; blank parts count as empty text.",
    "CONCAT({First}, ' ', {Last})",
    (c, xs) =>
      concat(
        c.d,
        xs.map((x) => blankAsEmpty(x.sql)),
      ),
  ),
  fn(
    "LEFT",
    [text(), count()],
    "The first `count` characters of the text.",
    "LEFT('NocoDB', 4) → 'Noco'",
    (c, [s, n]) => substr(c.d, s!.sql, new Frag(["1"]), intArg(c, n!, 0)),
  ),
  fn("RIGHT", [text(), count()], "The last `count` characters of the text.", "RIGHT('NocoDB', 2) → 'DB'", (c, [s, n]) =>
    right(c, s!.sql, intArg(c, n!, 0)),
  ),
  fn(
    "MID",
    [text(), count("start"), { ...count(), optional: true }],
    "`count` characters from position `start` (1 is the first); the rest when count is left off.",
    "MID('NocoDB', 3, 2) → 'co'",
    slice,
  ),
  fn(
    "SUBSTR",
    [text(), count("start"), { ...count("length"), optional: true }],
    "`length` characters from position `start` (1 is the first); the rest when length is left off.",
    "SUBSTR('HELLO WORLD', 7) → 'WORLD'",
    slice,
  ),
  {
    name: "LEN",
    category: "string",
    args: [text()],
    returns: "number",
    description: "The number of characters in the text.",
    example: "LEN('NocoDB') → 6",
    compile: (c, [s]) => textLength(c.d, s!.sql),
  },
  fn("LOWER", [text()], "The text in lower case (letters A-Z).", "LOWER('NocoDB') → 'nocodb'", (c, [s]) =>
    foldCase(c.d, s!.sql, "lower"),
  ),
  fn("UPPER", [text()], "The text in upper case (letters a-z).", "UPPER('NocoDB') → 'NOCODB'", (c, [s]) =>
    foldCase(c.d, s!.sql, "upper"),
  ),
  fn(
    "TRIM",
    [text()],
    "The text without spaces at its start and end.",
    "TRIM('  hi  ') → 'hi'",
    (_c, [s]) => sql`trim(${s!.sql})`,
  ),
  fn(
    "REPLACE",
    [text(), text("search"), text("replacement")],
    "The text with every occurrence of `search` replaced (case-sensitive).",
    "REPLACE('AABBCC', 'AA', 'X') → 'XBBCC'",
    // SQL Server's REPLACE matches under the text's collation, which may ignore case.
    (c, [s, a, b]) => dialectOf(c.d).replace(s!.sql, a!.sql, b!.sql),
  ),
  {
    name: "SEARCH",
    category: "string",
    args: [text(), text("search")],
    returns: "number",
    description: "The position of `search` in the text (1 is the first character), 0 when absent; case-sensitive.",
    example: "SEARCH('HELLO WORLD', 'WORLD') → 7",
    compile: (c, [s, n]) => locate(c.d, s!.sql, n!.sql),
  },
  fn("REPT", [text(), count()], "The text repeated `count` times.", "REPT('ab', 3) → 'ababab'", (c, [s, n]) =>
    repeat(c, s!.sql, n!),
  ),
  fn(
    "URL",
    [text()],
    "Shows the text as a link.",
    "URL('https://nocodb.com')",
    (c, [s]) =>
      sql`CASE WHEN ${s!.sql} IS NULL THEN NULL ELSE ${concat(c.d, [new Frag(["'URI::('"]), s!.sql, new Frag(["')'"])])} END`,
  ),
];
