/**
 * A row's API id from its table's key columns (contract 1.8): one key column gives its value; a
 * composite key (external tables) gives the values joined with `___` in key order, the form the
 * row routes take. Views pass a table's key around as one string (`KeySpec`, made by
 * `keySpecOf`): the key titles joined by a separator no title holds, so code written for one key
 * column keeps one parameter and reads rows through these helpers.
 */
export type KeySpec = string;
export type RowId = string | number;
type Values = Record<string, unknown>;

const SEP = "\u001f";
const ID_SEP = "___";

/** The key of a table from its columns' `pk` flags, in column (key) order; "Id" when none is marked. */
export function keySpecOf(columns: ReadonlyArray<{ title: string; pk?: boolean | null }>): KeySpec {
  const titles = columns.filter((c) => c.pk).map((c) => c.title);
  return titles.length > 0 ? titles.join(SEP) : "Id";
}

export const keyTitles = (key: KeySpec): string[] => key.split(SEP);

export const isKeyTitle = (key: KeySpec, title: string): boolean => keyTitles(key).includes(title);

/** The API id of a row: its one key value, or the key values joined with `___`. */
export function rowIdOf(row: Values, key: KeySpec): RowId {
  const titles = keyTitles(key);
  if (titles.length === 1) return row[titles[0]!] as RowId;
  return titles.map((t) => String(row[t] ?? "")).join(ID_SEP);
}

/** The key columns of a row (what a bulk body names a row by). */
export function keyPartOf(row: Values, key: KeySpec): Values {
  return Object.fromEntries(keyTitles(key).map((t) => [t, row[t]]));
}

/** A bulk body naming the row with this id: each key column with its value. */
export function keyBodyOf(id: RowId, key: KeySpec): Values {
  const titles = keyTitles(key);
  if (titles.length === 1) return { [titles[0]!]: id };
  const parts = String(id).split(ID_SEP);
  return Object.fromEntries(titles.map((t, i) => [t, parts[i]]));
}

/** A write body split into the row's id and the values to set (key columns left out). */
export function splitKey(body: Values, key: KeySpec): { id: RowId; patch: Values } {
  const patch = Object.fromEntries(Object.entries(body).filter(([t]) => !isKeyTitle(key, t)));
  return { id: rowIdOf(body, key), patch };
}

/** The id of a row in an answer holding its key values (in key order), e.g. a bulk insert's `[{...}]`. */
export function idOfAnswer(answer: Values): RowId {
  const values = Object.values(answer);
  return values.length === 1 ? (values[0] as RowId) : values.map(String).join(ID_SEP);
}
