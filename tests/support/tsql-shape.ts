/**
 * A structural reader of the T-SQL the query and formula compilers write for SQL Server, standing
 * in for a server that cannot run here (db/query/mssql-cases.test.ts). It parses the SELECT
 * statements they produce and throws a TsqlShapeError naming the first thing SQL Server would
 * refuse or read otherwise. Rules it checks:
 * - T-SQL has no boolean values, only conditions (predicates). Every expression is either a value
 *   or a condition, and each position takes one kind: conditions after WHERE, ON, WHEN (searched
 *   CASE), as operands of AND, OR and NOT; values everywhere else (select and ORDER BY items,
 *   function and CAST arguments, THEN/ELSE, operands of arithmetic, comparisons, LIKE, IN, IS NULL).
 *   So `SELECT (a > b)`, `THEN (a > b)`, `COALESCE(a <> 0, 0)`, `WHERE CASE .. END` and `NOT 1`
 *   are errors.
 * - Only T-SQL's own functions (a list below, SQL Server 2022's), and only its literals: no
 *   TRUE/FALSE, no `"` or backquote identifiers, no `?` or `$1` placeholders, no `||` or `::`.
 * - Types of CAST/CONVERT: character types need a length (`varchar` alone means 30 characters,
 *   `char` one), decimal a precision; no `datetime` (it reads 'YYYY-MM-DD' by the session's
 *   DATEFORMAT), and no other dialect's types (DOUBLE, SIGNED, TEXT, REAL, boolean, timestamp).
 * - No aggregate (SUM, COUNT, STRING_AGG...) over an expression that holds a sub-query: SQL Server
 *   refuses it ("Cannot perform an aggregate function on an expression containing an aggregate or
 *   a subquery"); such a value must be computed first (CROSS APPLY) and aggregated by name.
 * - Collations: two different explicit collations (COLLATE) must not meet in one text result
 *   (`+`, CASE branches, COALESCE, CONCAT...) or one comparison, where SQL Server raises a
 *   collation conflict. A COLLATE label follows its text through CAST and the text functions.
 * Anything the reader does not know is an error too, so a new construct is looked at first.
 */

export class TsqlShapeError extends Error {}

type Tok =
  | { k: "num" | "str" | "param" | "id" | "op" | "punct"; t: string; at: number }
  | { k: "word"; t: string; u: string; at: number };

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const fail = (why: string) => {
    throw new TsqlShapeError(`${why} at ${i}: …${text.slice(Math.max(0, i - 40), i + 40)}…`);
  };
  while (i < text.length) {
    const ch = text[i]!;
    const at = i;
    if (/\s/.test(ch)) i++;
    else if (ch === "'" || ((ch === "N" || ch === "n") && text[i + 1] === "'")) {
      i += ch === "'" ? 1 : 2;
      for (;;) {
        if (i >= text.length) fail("unterminated string");
        if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
      out.push({ k: "str", t: text.slice(at, i), at });
    } else if (ch === "[") {
      for (i++; ; i++) {
        if (i >= text.length) fail("unterminated [identifier]");
        if (text[i] === "]" && text[i + 1] === "]") i++;
        else if (text[i] === "]") break;
      }
      i++;
      out.push({ k: "id", t: text.slice(at, i), at });
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      const m = /^[0-9]*\.?[0-9]*(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i))!;
      i += m[0].length;
      out.push({ k: "num", t: m[0], at });
    } else if (ch === "@") {
      const m = /^@p[1-9][0-9]*\b/.exec(text.slice(i));
      if (!m) fail("a variable other than @p<n>");
      i += m![0].length;
      out.push({ k: "param", t: m![0], at });
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      i += m[0].length;
      out.push({ k: "word", t: m[0], u: m[0].toUpperCase(), at });
    } else if (
      text.startsWith("<>", i) ||
      text.startsWith("<=", i) ||
      text.startsWith(">=", i) ||
      text.startsWith("!=", i)
    ) {
      out.push({ k: "op", t: text.slice(i, i + 2), at });
      i += 2;
    } else if ("=<>".includes(ch)) {
      out.push({ k: "op", t: ch, at });
      i++;
    } else if ("(),.*+-/%".includes(ch)) {
      if (text.startsWith("::", i)) fail("`::` cast");
      out.push({ k: "punct", t: ch, at });
      i++;
    } else fail(`'${ch}' is not T-SQL here`);
  }
  return out;
}

/** Words that never name a column. */
const RESERVED = new Set(
  (
    "SELECT FROM WHERE AND OR NOT CASE WHEN THEN ELSE END AS ON JOIN CROSS APPLY INNER LEFT RIGHT OUTER FULL " +
    "ORDER BY GROUP HAVING ASC DESC OFFSET ROWS FETCH NEXT ONLY TOP NULL IS LIKE ESCAPE IN BETWEEN EXISTS " +
    "COLLATE DISTINCT WITHIN OVER UNION ALL AT LIMIT"
  ).split(" "),
);

/** SQL Server 2022's functions the compilers may call (names are case-insensitive). */
const FUNCTIONS = new Set(
  (
    "ABS CEILING FLOOR ROUND POWER SQRT EXP LOG LOG10 SIGN GREATEST LEAST COALESCE NULLIF " +
    "LEN DATALENGTH SUBSTRING LEFT RIGHT CHARINDEX REPLACE REPLICATE TRANSLATE TRIM LTRIM RTRIM UPPER LOWER " +
    "CONCAT NCHAR STRING_AGG STRING_ESCAPE JSON_ARRAY JSON_VALUE JSON_QUERY OPENJSON GENERATE_SERIES " +
    "COUNT SUM AVG MIN MAX ROW_NUMBER DATEADD DATEDIFF DATEDIFF_BIG DATEPART DATETRUNC SYSUTCDATETIME"
  ).split(" "),
);
const DATEPARTS = new Set("YEAR QUARTER MONTH DAY WEEK HOUR MINUTE SECOND MILLISECOND".split(" "));
const TYPES = new Set(
  "INT BIGINT SMALLINT TINYINT BIT FLOAT DECIMAL NUMERIC VARCHAR NVARCHAR CHAR NCHAR DATE DATETIME2 TIME DATETIMEOFFSET VARBINARY".split(
    " ",
  ),
);

type Kind = "value" | "cond";
interface Expr {
  kind: Kind;
  /** The explicit collation label of a text value (COLLATE), carried through text functions. */
  coll?: string;
  /** A literal or parameter only: no column (SQL Server refuses such an ORDER BY item). */
  constant?: boolean;
}

class Reader {
  private i = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly text: string,
  ) {}

  fail(why: string): never {
    const at = this.toks[this.i]?.at ?? this.text.length;
    throw new TsqlShapeError(`${why} at ${at}: …${this.text.slice(Math.max(0, at - 60), at + 60)}…`);
  }
  peek(n = 0): Tok | undefined {
    return this.toks[this.i + n];
  }
  isWord(w: string, n = 0): boolean {
    const t = this.peek(n);
    return t?.k === "word" && t.u === w;
  }
  isPunct(p: string, n = 0): boolean {
    const t = this.peek(n);
    return t?.k === "punct" && t.t === p;
  }
  word(w: string) {
    if (!this.isWord(w)) this.fail(`expected ${w}`);
    this.i++;
  }
  punct(p: string) {
    if (!this.isPunct(p)) this.fail(`expected '${p}'`);
    this.i++;
  }
  acceptWord(w: string): boolean {
    if (!this.isWord(w)) return false;
    this.i++;
    return true;
  }
  acceptPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.i++;
    return true;
  }
  done() {
    if (this.i < this.toks.length) this.fail("unexpected text after the statement");
  }

  value(e: Expr, where: string): Expr {
    if (e.kind !== "value") this.fail(`a condition where a value must stand (${where})`);
    return e;
  }
  cond(e: Expr, where: string): Expr {
    if (e.kind !== "cond") this.fail(`a value where a condition must stand (${where})`);
    return e;
  }
  /** The label of text combined from parts; different explicit collations conflict. */
  merge(parts: Expr[], where: string): string | undefined {
    const labels = [...new Set(parts.map((p) => p.coll).filter((c): c is string => !!c))];
    if (labels.length > 1) this.fail(`collation conflict (${labels.join(" vs ")}) in ${where}`);
    return labels[0];
  }

  // statement := SELECT [TOP (n)] items [FROM ...] [WHERE c] [GROUP BY ...] [ORDER BY ...] [OFFSET .. FETCH ..]
  select(): void {
    this.word("SELECT");
    this.acceptWord("DISTINCT");
    if (this.acceptWord("TOP")) {
      this.punct("(");
      if (this.peek()?.k !== "num") this.fail("TOP takes a constant count");
      this.i++;
      this.punct(")");
    }
    do {
      if (this.acceptPunct("*")) continue;
      this.value(this.expr(), "select list");
      if (this.acceptWord("AS")) this.alias();
    } while (this.acceptPunct(","));
    if (this.acceptWord("FROM")) this.fromList();
    if (this.acceptWord("WHERE")) this.cond(this.expr(), "WHERE");
    if (this.acceptWord("GROUP")) {
      this.word("BY");
      do this.value(this.expr(), "GROUP BY");
      while (this.acceptPunct(","));
    }
    if (this.acceptWord("HAVING")) this.cond(this.expr(), "HAVING");
    if (this.acceptWord("ORDER")) {
      this.word("BY");
      this.orderList();
      if (this.acceptWord("OFFSET")) {
        this.value(this.expr(), "OFFSET");
        this.word("ROWS");
        this.word("FETCH");
        this.word("NEXT");
        this.value(this.expr(), "FETCH");
        this.word("ROWS");
        this.word("ONLY");
      }
    }
  }

  orderList() {
    do {
      const e = this.value(this.expr(), "ORDER BY");
      if (e.constant) this.fail("a constant ORDER BY item (SQL Server refuses it, or reads 1 as a column position)");
      if (!this.acceptWord("ASC")) this.acceptWord("DESC");
    } while (this.acceptPunct(","));
  }

  alias() {
    const t = this.peek();
    if (t?.k === "id" || (t?.k === "word" && !RESERVED.has(t.u))) this.i++;
    else this.fail("expected an alias");
  }

  fromList() {
    this.source();
    for (;;) {
      if (this.acceptPunct(",")) this.source();
      else if (this.isWord("CROSS") && (this.isWord("APPLY", 1) || this.isWord("JOIN", 1))) {
        this.i += 2;
        this.source();
      } else if (this.isWord("JOIN") || this.isWord("INNER") || this.isWord("LEFT")) {
        if (!this.acceptWord("JOIN")) {
          this.i++;
          this.acceptWord("OUTER");
          this.word("JOIN");
        }
        this.source();
        this.word("ON");
        this.cond(this.expr(), "ON");
      } else return;
    }
  }

  source() {
    if (this.acceptPunct("(")) {
      this.select();
      this.punct(")");
    } else if (this.peek()?.k === "word" && this.isPunct("(", 1)) {
      const name = (this.peek() as { u: string }).u;
      if (name !== "OPENJSON" && name !== "GENERATE_SERIES") this.fail(`${name} is not a table function here`);
      this.primary();
    } else this.name();
    if (this.acceptWord("AS")) this.alias();
    else if (this.peek()?.k === "id") this.alias();
  }

  /** A (qualified) name: [a].[b], _e.value, gb_fv.d. */
  name(): Expr {
    const part = () => {
      const t = this.peek();
      if (t?.k === "id") this.i++;
      else if (t?.k === "word" && !RESERVED.has(t.u)) {
        if (t.u === "TRUE" || t.u === "FALSE") this.fail("T-SQL has no TRUE/FALSE");
        this.i++;
      } else this.fail("expected a name");
    };
    part();
    while (this.acceptPunct(".")) part();
    return { kind: "value" };
  }

  // expr := or; precedence OR < AND < NOT < predicate < + - < * / % < unary < postfix
  expr(): Expr {
    let a = this.and();
    while (this.acceptWord("OR")) {
      this.cond(a, "OR");
      const b = this.cond(this.and(), "OR");
      a = { kind: "cond", constant: a.constant && b.constant };
    }
    return a;
  }
  and(): Expr {
    let a = this.not();
    while (this.acceptWord("AND")) {
      this.cond(a, "AND");
      const b = this.cond(this.not(), "AND");
      a = { kind: "cond", constant: a.constant && b.constant };
    }
    return a;
  }
  not(): Expr {
    if (this.acceptWord("NOT")) return this.cond(this.not(), "NOT");
    return this.predicate();
  }
  predicate(): Expr {
    if (this.acceptWord("EXISTS")) {
      this.punct("(");
      this.select();
      this.punct(")");
      return { kind: "cond" };
    }
    const a = this.additive();
    const t = this.peek();
    if (t?.k === "op") {
      this.i++;
      this.value(a, `left of ${t.t}`);
      const b = this.value(this.additive(), `right of ${t.t}`);
      this.merge([a, b], `comparison ${t.t}`);
      return { kind: "cond", constant: a.constant && b.constant };
    }
    if (this.acceptWord("IS")) {
      this.value(a, "IS NULL");
      this.acceptWord("NOT");
      this.word("NULL");
      return { kind: "cond", constant: a.constant };
    }
    const negated = this.isWord("NOT") && (this.isWord("LIKE", 1) || this.isWord("IN", 1) || this.isWord("BETWEEN", 1));
    if (negated) this.i++;
    if (this.acceptWord("LIKE")) {
      this.value(a, "LIKE");
      this.merge([a, this.value(this.additive(), "LIKE pattern")], "LIKE");
      if (this.acceptWord("ESCAPE")) {
        if (this.peek()?.k !== "str") this.fail("ESCAPE takes a literal");
        this.i++;
      }
      return { kind: "cond" };
    }
    if (this.acceptWord("IN")) {
      this.value(a, "IN");
      this.punct("(");
      if (this.isWord("SELECT")) this.select();
      else
        do this.value(this.additive(), "IN list");
        while (this.acceptPunct(","));
      this.punct(")");
      return { kind: "cond" };
    }
    if (this.acceptWord("BETWEEN")) {
      this.value(a, "BETWEEN");
      this.value(this.additive(), "BETWEEN");
      this.word("AND");
      this.value(this.additive(), "BETWEEN");
      return { kind: "cond" };
    }
    if (negated) this.fail("NOT before a value");
    return a;
  }
  additive(): Expr {
    let a = this.multiplicative();
    while (this.isPunct("+") || this.isPunct("-")) {
      const op = this.peek()!.t;
      this.i++;
      this.value(a, `left of ${op}`);
      const b = this.value(this.multiplicative(), `right of ${op}`);
      a = { kind: "value", coll: this.merge([a, b], op), constant: a.constant && b.constant };
    }
    return a;
  }
  multiplicative(): Expr {
    let a = this.unary();
    while (this.isPunct("*") || this.isPunct("/") || this.isPunct("%")) {
      const op = this.peek()!.t;
      this.i++;
      this.value(a, `left of ${op}`);
      const b = this.value(this.unary(), `right of ${op}`);
      a = { kind: "value", constant: a.constant && b.constant };
    }
    return a;
  }
  unary(): Expr {
    if (this.acceptPunct("-") || this.acceptPunct("+")) return { ...this.value(this.unary(), "sign"), coll: undefined };
    let e = this.primary();
    for (;;) {
      if (this.acceptWord("COLLATE")) {
        this.value(e, "COLLATE");
        const t = this.peek();
        if (t?.k !== "word") this.fail("expected a collation name");
        this.i++;
        e = { kind: "value", coll: t.t, constant: e.constant };
      } else if (this.isWord("AT") && this.isWord("TIME", 1) && this.isWord("ZONE", 2)) {
        this.i += 3;
        this.value(e, "AT TIME ZONE");
        if (this.peek()?.k !== "str") this.fail("AT TIME ZONE takes a literal zone");
        this.i++;
      } else return e;
    }
  }

  /** SQL Server refuses an aggregate over an expression holding a sub-query (its error 130). */
  noSubquery(from: number, fn: string) {
    for (let k = from; k < this.i - 1; k++) {
      const [a, b] = [this.toks[k]!, this.toks[k + 1]!];
      if (a.k === "punct" && a.t === "(" && b.k === "word" && b.u === "SELECT") {
        this.i = k;
        this.fail(`${fn}() over a sub-query (SQL Server refuses it: error 130)`);
      }
    }
  }

  type() {
    const t = this.peek();
    if (t?.k !== "word") this.fail("expected a type");
    this.i++;
    if (!TYPES.has(t.u)) this.fail(`${t.t} is not a T-SQL type the compilers should use`);
    const sized = this.acceptPunct("(");
    if (sized) {
      do {
        if (this.peek()?.k === "num" || this.isWord("MAX")) this.i++;
        else this.fail("expected a length");
      } while (this.acceptPunct(","));
      this.punct(")");
    }
    if (/^N?(VAR)?CHAR$/.test(t.u) && !sized) this.fail(`${t.t} without a length`);
    if ((t.u === "DECIMAL" || t.u === "NUMERIC") && !sized) this.fail(`${t.t} without a precision`);
  }

  args(n?: number): Expr[] {
    const out: Expr[] = [];
    if (this.acceptPunct(")")) return out;
    do out.push(this.value(this.expr(), "function argument"));
    while (this.acceptPunct(","));
    this.punct(")");
    if (n !== undefined && out.length !== n) this.fail(`expected ${n} arguments`);
    return out;
  }

  primary(): Expr {
    const t = this.peek();
    if (!t) this.fail("unexpected end");
    if (t.k === "num" || t.k === "str" || t.k === "param") {
      this.i++;
      return { kind: "value", constant: true };
    }
    if (t.k === "punct" && t.t === "(") {
      this.i++;
      if (this.isWord("SELECT")) {
        this.select();
        this.punct(")");
        return { kind: "value" };
      }
      const e = this.expr();
      this.punct(")");
      return e;
    }
    if (t.k === "id") return this.name();
    if (t.k !== "word") this.fail(`unexpected '${t.t}'`);
    const w = t.u;
    if (w === "NULL") {
      this.i++;
      return { kind: "value", constant: true };
    }
    if (w === "CASE") return this.caseExpr();
    if (!this.isPunct("(", 1)) return this.name();
    this.i += 2;
    switch (w) {
      case "CAST":
      case "TRY_CAST": {
        const e = this.value(this.expr(), w);
        this.word("AS");
        this.type();
        this.punct(")");
        return { kind: "value", coll: e.coll, constant: e.constant };
      }
      case "CONVERT": {
        this.type();
        this.punct(",");
        const e = this.value(this.expr(), "CONVERT");
        if (this.acceptPunct(",")) {
          if (this.peek()?.k !== "num") this.fail("CONVERT takes a constant style");
          this.i++;
        }
        this.punct(")");
        return { kind: "value", coll: e.coll, constant: e.constant };
      }
      case "TRIM": {
        if (this.acceptWord("LEADING") || this.acceptWord("TRAILING") || this.acceptWord("BOTH"))
          this.fail("TRIM(LEADING|TRAILING ..) needs compatibility level 160");
        let e = this.value(this.expr(), "TRIM");
        if (this.acceptWord("FROM")) e = this.value(this.expr(), "TRIM");
        this.punct(")");
        return { kind: "value", coll: e.coll };
      }
      case "COUNT": {
        if (!this.acceptPunct("*")) {
          this.acceptWord("DISTINCT");
          const from = this.i;
          this.value(this.expr(), "COUNT");
          this.noSubquery(from, w);
        }
        this.punct(")");
        return { kind: "value" };
      }
      case "DATEADD":
      case "DATEDIFF":
      case "DATEDIFF_BIG":
      case "DATEPART":
      case "DATETRUNC": {
        const part = this.peek();
        if (part?.k !== "word" || !DATEPARTS.has(part.u)) this.fail(`${w} needs a date part first`);
        this.i++;
        this.punct(",");
        this.args();
        return { kind: "value" };
      }
      case "JSON_ARRAY": {
        if (!this.acceptPunct(")")) {
          do this.value(this.additive(), "JSON_ARRAY");
          while (this.acceptPunct(","));
          if (this.acceptWord("NULL")) {
            this.word("ON");
            this.word("NULL");
          }
          this.punct(")");
        }
        return { kind: "value" };
      }
      case "ROW_NUMBER": {
        this.punct(")");
        this.word("OVER");
        this.punct("(");
        this.word("ORDER");
        this.word("BY");
        this.orderList();
        this.punct(")");
        return { kind: "value" };
      }
      default: {
        if (!FUNCTIONS.has(w)) this.fail(`${t.t}() is not a SQL Server function`);
        const aggregate = ["SUM", "AVG", "MIN", "MAX", "STRING_AGG"].includes(w);
        if (aggregate) this.acceptWord("DISTINCT");
        const from = this.i;
        const args = this.args();
        if (aggregate) this.noSubquery(from, w);
        if (w === "STRING_AGG" && this.acceptWord("WITHIN")) {
          this.word("GROUP");
          this.punct("(");
          this.word("ORDER");
          this.word("BY");
          this.orderList();
          this.punct(")");
        }
        if (w === "CONCAT" && (args.length < 2 || args.length > 254)) this.fail("CONCAT takes 2 to 254 arguments");
        const textual =
          /^(SUBSTRING|LEFT|RIGHT|REPLACE|REPLICATE|TRANSLATE|LTRIM|RTRIM|UPPER|LOWER|STRING_AGG|COALESCE|CONCAT|NULLIF|GREATEST|LEAST|MIN|MAX)$/.test(
            w,
          );
        const coll = this.merge(args, `${w}()`);
        return { kind: "value", coll: textual ? coll : undefined, constant: args.every((a) => a.constant) };
      }
    }
  }

  caseExpr(): Expr {
    this.word("CASE");
    const searched = this.isWord("WHEN");
    const subject = searched ? undefined : this.value(this.expr(), "CASE subject");
    const branches: Expr[] = [];
    let constant = true;
    while (this.acceptWord("WHEN")) {
      const test = this.expr();
      if (searched) this.cond(test, "WHEN");
      else this.merge([this.value(test, "WHEN of a simple CASE"), subject!], "CASE comparison");
      constant &&= !!test.constant;
      this.word("THEN");
      branches.push(this.value(this.expr(), "THEN"));
    }
    if (branches.length === 0) this.fail("CASE without WHEN");
    if (this.acceptWord("ELSE")) branches.push(this.value(this.expr(), "ELSE"));
    this.word("END");
    return {
      kind: "value",
      coll: this.merge(branches, "CASE branches"),
      constant: constant && branches.every((b) => b.constant),
    };
  }
}

/** Throws a TsqlShapeError when the statement breaks one of the rules above. */
export function checkTsqlShape(text: string): void {
  const r = new Reader(tokenize(text), text);
  r.select();
  r.done();
}
