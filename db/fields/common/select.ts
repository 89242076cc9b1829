/**
 * Select options (API-CONTRACT 4.3): `{options: [{title, color, order?, id?}]}`. Titles are
 * non-empty and unique, MultiSelect titles have no comma (values are comma-joined), colours are
 * hex; a missing colour comes from the default palette and a missing order from the position.
 * Without `options`, a `dtxp` list (`'a','b'` or `a,b`) gives them, as the contract allows.
 */
import { z } from "zod";
import { isHexColor } from "../../project/rules";
import { show } from "./result";

export const SELECT_PALETTE = [
  "#cfdffe",
  "#d0f1fd",
  "#c2f5e8",
  "#ffdaf6",
  "#ffdce5",
  "#fee2d5",
  "#ffeab6",
  "#d1f7c4",
  "#ede2fe",
  "#eeeeee",
] as const;

const option = z.looseObject({
  title: z.string(),
  color: z.string().nullish(),
  order: z.number().nullish(),
  id: z.string().nullish(),
});

/** One option as a request names it (the web's option editor builds these). */
export type SelectOptionInput = z.input<typeof option>;

/** `'a','b'` (quotes doubled or backslashed inside) or a plain comma list. */
function titlesFromDtxp(dtxp: string): string[] {
  if (!dtxp.trim().startsWith("'"))
    return dtxp
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
  return [...dtxp.matchAll(/'((?:[^'\\]|\\.|'')*)'/g)].map((m) => (m[1] ?? "").replace(/''|\\'/g, "'"));
}

function withDtxp(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const o = input as Record<string, unknown>;
  if (o.options !== undefined || typeof o.dtxp !== "string") return input;
  return { ...o, options: titlesFromDtxp(o.dtxp).map((title) => ({ title })) };
}

export function selectOptionsSchema(multi: boolean) {
  const shape = z.looseObject({ options: z.array(option).default([]) }).superRefine((o, ctx) => {
    const titles = o.options.map((opt) => opt.title);
    if (titles.some((t) => t.trim() === ""))
      ctx.addIssue({ code: "custom", message: "Empty options are not allowed!" });
    else if (new Set(titles).size !== titles.length)
      ctx.addIssue({ code: "custom", message: "Duplicates are not allowed!" });
    else if (multi && titles.some((t) => t.includes(",")))
      ctx.addIssue({ code: "custom", message: "Illegal char(',') for MultiSelect" });
    for (const opt of o.options) {
      if (opt.color && !isHexColor(opt.color)) {
        ctx.addIssue({
          code: "custom",
          message: `Option ${show(opt.title)} has colour ${show(opt.color)}; use a hex colour such as #cfdffe`,
        });
      }
    }
  });
  return z.preprocess(withDtxp, shape).transform((o) => ({
    ...o,
    options: o.options
      .map((opt, i) => ({
        ...opt,
        color: opt.color || SELECT_PALETTE[i % SELECT_PALETTE.length],
        order: opt.order ?? i + 1,
      }))
      .sort((a, b) => a.order - b.order),
  }));
}

export type SelectOptions = z.output<ReturnType<typeof selectOptionsSchema>>;

/** Option titles per column's options (kept with its table ref): an exact match, the usual case, allocates nothing. */
const titleSets = new WeakMap<SelectOptions, Set<string>>();
function exactTitles(options: SelectOptions): Set<string> {
  let known = titleSets.get(options);
  if (!known) titleSets.set(options, (known = new Set(options.options.map((o) => o.title))));
  return known;
}

/** The option title a value names: exact, then trimmed, then case-insensitive when that is unique. */
export function matchOption(options: SelectOptions, value: string): string | undefined {
  if (exactTitles(options).has(value)) return value;
  const titles = options.options.map((o) => o.title);
  const trimmed = value.trim();
  if (titles.includes(trimmed)) return trimmed;
  const folded = titles.filter((t) => t.toLowerCase() === trimmed.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/** `Status: "Maybe" is not an option (Todo, Doing, Done)`. */
export function notAnOption(title: string, options: SelectOptions, value: unknown): string {
  const titles = options.options.map((o) => o.title);
  const list =
    titles.length === 0
      ? "no options are defined"
      : titles.length > 12
        ? `${titles.slice(0, 12).join(", ")}, ...`
        : titles.join(", ");
  return `${title}: ${show(value)} is not an option (${list})`;
}
