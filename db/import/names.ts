/**
 * Names of imported tables and columns (SPEC 5). Rules:
 * - special characters become underscores, one for one: anything but letters and digits of any
 *   script, combining marks, spaces, "_" and "-"; surrounding whitespace is trimmed and the name
 *   cut to 255 characters;
 * - a missing (blank) column header becomes `field_N`, N its 1-based position; a missing sheet
 *   name becomes `sheet_N`;
 * - duplicates, compared ignoring case (also against names already taken, such as the system
 *   columns or the project's tables), get numeric suffixes: `Name`, `Name_1`, `Name_2`, ...
 */
export const NAME_MAX = 255;

/** Column titles every new table already has (the server adds them). */
export const SYSTEM_COLUMN_TITLES = ["Id", "CreatedAt", "UpdatedAt"] as const;

const SPECIAL = /[^\p{L}\p{M}\p{N} _-]/gu;

export function cleanName(raw: string): string {
  return raw.replace(SPECIAL, "_").trim().slice(0, NAME_MAX);
}

/** Cleaned, never blank (the fallback for position i), unique names, in input order. */
export function uniqueNames(
  raws: ReadonlyArray<string | null | undefined>,
  fallback: (position: number) => string,
  taken: Iterable<string> = [],
): string[] {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  return raws.map((raw, i) => {
    const base = cleanName(raw ?? "") || fallback(i + 1);
    let name = base;
    for (let n = 1; used.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** Column titles from a header row; the system columns' titles count as taken. */
export const columnNames = (headers: ReadonlyArray<string | null | undefined>) =>
  uniqueNames(headers, (n) => `field_${n}`, SYSTEM_COLUMN_TITLES);

/** Table names from sheet names, unique among themselves and the project's tables. */
export const sheetNames = (sheets: ReadonlyArray<string | null | undefined>, existingTables: Iterable<string> = []) =>
  uniqueNames(sheets, (n) => `sheet_${n}`, existingTables);

/** A table name from a file name: the name without its extension, cleaned. */
export function fileTableName(fileName: string, existingTables: Iterable<string> = []): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const stem = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;
  return uniqueNames([stem], () => "table_1", existingTables)[0]!;
}
