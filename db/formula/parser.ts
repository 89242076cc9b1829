/**
 * NocoDB formula syntax to a tree. Precedence, loosest first (all left-associative):
 *   comparison  = == != <> < <= > >=      (== is =, <> is !=)
 *   text join   &
 *   additive    + -
 *   product     * /
 *   unary       - +
 *   primary     number, 'text', "text", {Column}, Column, true, false, NAME(args), ( expr )
 * Function names are case-insensitive (kept upper-cased in the tree); `true`/`false` too.
 * Errors name the offending token and its 1-based position: `Unexpected ')' at 14`.
 */
import { show, tokenize, type Token } from "./lexer";
import { FormulaError, type BinaryOp, type FormulaNode } from "./types";

const COMPARE: Record<string, BinaryOp> = {
  "=": "=",
  "==": "=",
  "!=": "!=",
  "<>": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};

/** Deeper nesting than this is refused (it would only exhaust the stack). */
export const MAX_DEPTH = 100;
/** More parts than this is refused: the SQL would not fit a statement anyway. */
export const MAX_PARTS = 2000;

class Parser {
  private i = 0;
  private depth = 0;
  private parts = 0;
  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private isOp(...values: string[]): boolean {
    const t = this.peek();
    return t.t === "op" && values.includes(t.value);
  }

  private next(): Token {
    return this.tokens[this.i++]!;
  }

  unexpected(t: Token): never {
    if (t.t === "eof") throw new FormulaError("Unexpected end of formula", t.start + 1);
    const src = this.text.slice(t.start, t.end);
    const short = src.length > 30 ? src.slice(0, 30) + "…" : src;
    const what =
      t.t === "str"
        ? `text ${short}`
        : t.t === "num"
          ? `number ${short}`
          : t.t === "ref"
            ? `column ${short}`
            : show(short);
    throw new FormulaError(`Unexpected ${what}`, t.start + 1);
  }

  parse(): FormulaNode {
    if (this.peek().t === "eof") throw new FormulaError("Formula is empty", 1);
    const node = this.comparison();
    if (this.peek().t !== "eof") this.unexpected(this.peek());
    return node;
  }

  private binary(next: () => FormulaNode, ops: Record<string, BinaryOp>): FormulaNode {
    let left = next();
    for (;;) {
      const t = this.peek();
      if (t.t !== "op" || !(t.value in ops)) return left;
      this.next();
      this.count(t.start + 1);
      left = { kind: "binary", op: ops[t.value]!, left, right: next(), pos: t.start + 1 };
    }
  }

  private nested<T>(pos: number, run: () => T): T {
    if (++this.depth > MAX_DEPTH)
      throw new FormulaError(`Formula is nested too deeply (more than ${MAX_DEPTH} levels)`, pos);
    try {
      return run();
    } finally {
      this.depth--;
    }
  }

  private comparison = (): FormulaNode => this.nested(this.peek().start + 1, () => this.binary(this.concat, COMPARE));
  private concat = (): FormulaNode => this.binary(this.additive, { "&": "&" });
  private additive = (): FormulaNode => this.binary(this.product, { "+": "+", "-": "-" });
  private product = (): FormulaNode => this.binary(this.unary, { "*": "*", "/": "/" });

  private unary = (): FormulaNode => {
    const t = this.peek();
    if (t.t === "op" && (t.value === "-" || t.value === "+")) {
      this.next();
      return { kind: "unary", op: t.value, arg: this.nested(t.start + 1, this.unary), pos: t.start + 1 };
    }
    return this.primary();
  };

  private count(pos: number) {
    if (++this.parts > MAX_PARTS) throw new FormulaError(`Formula is too long (more than ${MAX_PARTS} parts)`, pos);
  }

  private primary(): FormulaNode {
    const t = this.next();
    const pos = t.start + 1;
    this.count(pos);
    switch (t.t) {
      case "num":
        return { kind: "number", value: t.value, pos };
      case "str":
        return { kind: "string", value: t.value, pos };
      case "ref":
        return { kind: "column", name: t.name, pos };
      case "ident": {
        if (this.isOp("(")) return this.call(t.name, pos);
        const lower = t.name.toLowerCase();
        if (lower === "true" || lower === "false") return { kind: "boolean", value: lower === "true", pos };
        return { kind: "column", name: t.name, pos };
      }
      case "op":
        if (t.value === "(") {
          const inner = this.comparison();
          this.close(pos);
          return inner;
        }
        return this.unexpected(t);
      default:
        return this.unexpected(t);
    }
  }

  private close(openPos: number) {
    const t = this.next();
    if (t.t === "op" && t.value === ")") return;
    if (t.t === "eof") throw new FormulaError("Unclosed '('", openPos);
    this.unexpected(t);
  }

  private call(name: string, pos: number): FormulaNode {
    const open = this.next();
    const args: FormulaNode[] = [];
    if (this.isOp(")")) this.next();
    else {
      for (;;) {
        args.push(this.comparison());
        if (this.isOp(",")) {
          this.next();
          continue;
        }
        this.close(open.start + 1);
        break;
      }
    }
    return { kind: "call", name: name.toUpperCase(), args, pos };
  }
}

/** Parses formula text (with `{Title}` or `{{id}}` references) to a tree, or throws FormulaError. */
export function parseFormula(text: string): FormulaNode {
  return new Parser(text, tokenize(text)).parse();
}
