/**
 * Parses the `where` text (API-CONTRACT 1.7) into a tree. Grammar and rules:
 *   expr := ["~" logop] term { "~" logop term }      logop := and | or | not
 *   term := "(" expr ")" | "(" title "," op ["," value] ")"
 * - A "(" directly followed by "(" or "~" opens a group; otherwise a condition.
 * - The title runs to the first comma (titles may hold parentheses, not commas). The op is letters.
 * - The value is everything after the second comma, commas and parentheses included, up to the
 *   first ")" after which the text can continue validly (the end, or "~and(" / "~or(" / "~not(",
 *   possibly after closing parentheses of open groups), preferring one where the value's own
 *   parentheses balance: `(Name,eq,foo (bar))` and `(Name,eq,:))` both read as meant.
 * - `(Notes,blank)` has no value; `(Notes,eq,)` has the empty value.
 * - Spaces are allowed between terms. Groups nest at most 32 deep; the text is at most 100,000
 *   characters. Errors are QueryErrors with the 1-based position and what was expected there.
 */
import { QueryError, type LogicalOp, type WhereCond, type WhereGroup, type WhereNode } from "./types";

export const MAX_DEPTH = 32;
export const MAX_WHERE_LENGTH = 100_000;

const LOGIC_AHEAD = /~\s*(and|or|not)\s*\(/y;
const WORD = /[a-zA-Z]*/y;
const OP = /\w*/y;

/** The match of a sticky pattern at `at`. */
function matchAt(re: RegExp, s: string, at: number): string | null {
  re.lastIndex = at;
  return re.exec(s)?.[0] ?? null;
}

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  fail(expected: string, at = this.i): never {
    throw new QueryError(`Invalid where at position ${at + 1}: expected ${expected}`, at + 1);
  }

  skipWs() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  expr(depth: number): WhereGroup {
    const group: WhereGroup = { type: "group", logicalOp: "and", children: [], pos: this.i + 1 };
    for (;;) {
      this.skipWs();
      let logic: LogicalOp = "and";
      if (this.s[this.i] === "~") {
        this.i++;
        this.skipWs();
        const word = matchAt(WORD, this.s, this.i) ?? "";
        if (word !== "and" && word !== "or" && word !== "not") this.fail("'and', 'or' or 'not' after '~'");
        logic = word;
        this.i += word.length;
        this.skipWs();
      } else if (group.children.length > 0) return group;
      if (this.s[this.i] !== "(") this.fail("'('");
      const node = this.term(depth);
      node.logicalOp = logic;
      group.children.push(node);
      this.skipWs();
      if (this.s[this.i] !== "~") return group;
    }
  }

  term(depth: number): WhereNode {
    const open = this.i;
    const next = this.s[open + 1];
    if (next !== "(" && next !== "~") return this.cond(depth, open);
    if (depth + 1 > MAX_DEPTH) this.fail(`at most ${MAX_DEPTH} levels of nested groups`);
    this.i++;
    const group = this.expr(depth + 1);
    group.pos = open + 1;
    this.skipWs();
    if (this.s[this.i] !== ")") this.fail(`')' to close the group opened at position ${open + 1}`);
    this.i++;
    return group;
  }

  /** After a ")" at `at`: only closing parens (at most `depth`), then the end or "~logop(". */
  endsCondition(at: number, depth: number): boolean {
    let k = at + 1;
    let closing = 0;
    while (k < this.s.length && (this.s[k] === ")" || /\s/.test(this.s[k]!))) {
      if (this.s[k++] === ")" && ++closing > depth) return false;
    }
    if (k === this.s.length) return closing === depth;
    return matchAt(LOGIC_AHEAD, this.s, k) !== null;
  }

  cond(depth: number, open: number): WhereCond {
    this.i = open + 1;
    const comma = this.s.indexOf(",", this.i);
    const titleEnd = comma < 0 ? this.s.length : comma;
    for (let j = this.i; j < titleEnd; j++) {
      if (this.s[j] === ")" && this.endsCondition(j, depth)) this.fail("',' and an operator after the column title", j);
    }
    if (comma < 0) this.fail("',' after the column title", this.s.length);
    const column = this.s.slice(this.i, comma);
    if (column === "") this.fail("a column title", this.i);
    this.i = comma + 1;
    const op = matchAt(OP, this.s, this.i) ?? "";
    if (op === "") this.fail("an operator");
    this.i += op.length;
    const cond: WhereCond = { type: "cond", logicalOp: "and", column, op, pos: open + 1 };
    if (this.s[this.i] === ")") {
      this.i++;
      return cond;
    }
    if (this.s[this.i] !== ",")
      this.fail(
        this.i >= this.s.length
          ? `')' to close the condition opened at position ${open + 1}`
          : "',' or ')' after the operator",
      );
    const start = ++this.i;
    let end = this.valueEnd(start, depth);
    // No reading works: end at the first ")" anyway, so the rest reports where the text goes wrong.
    if (end < 0) end = this.s.indexOf(")", start);
    if (end < 0) this.fail(`')' to close the condition opened at position ${open + 1}`, this.s.length);
    cond.value = this.s.slice(start, end);
    this.i = end + 1;
    return cond;
  }

  /** The ")" ending a value: first with the value's own parentheses balanced, else the first that fits. */
  valueEnd(start: number, depth: number): number {
    let inner = 0;
    for (let j = start; j < this.s.length; j++) {
      if (this.s[j] === "(") inner++;
      else if (this.s[j] === ")" && (inner > 0 ? (inner--, false) : this.endsCondition(j, depth))) return j;
    }
    for (let j = this.s.indexOf(")", start); j >= 0; j = this.s.indexOf(")", j + 1)) {
      if (this.endsCondition(j, depth)) return j;
    }
    return -1;
  }
}

/** The tree of a where text; null for empty text. */
export function parseWhere(text: string): WhereGroup | null {
  if (text.trim() === "") return null;
  if (text.length > MAX_WHERE_LENGTH) {
    throw new QueryError(
      `Filter is too large: the where text has ${text.length} characters, at most ${MAX_WHERE_LENGTH}`,
    );
  }
  const p = new Parser(text);
  const tree = p.expr(0);
  p.skipWs();
  if (p.i < text.length) p.fail(text[p.i] === ")" ? "'~' or the end (unbalanced ')')" : "'~' or the end of the filter");
  return tree;
}
