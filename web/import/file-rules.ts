/**
 * Which files each import accepts (SPEC 5), by file name or by a URL's path. Rules:
 * - CSV: the name ends in .csv; otherwise msg.error.theAcceptedFileTypeIsCsv;
 * - spreadsheet: the name ends in .xls, .xlsx, .xlsm, .ods or .ots; otherwise
 *   msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts;
 * - JSON: the name ends in .json; otherwise msg.error.targetFileIsNotAcceptedFileType;
 * - case is ignored; for a URL only its path counts (a query string may follow).
 */
export type ImportKind = "csv" | "excel" | "json";

export const ACCEPT: Record<ImportKind, string> = {
  csv: ".csv,text/csv",
  excel: ".xls,.xlsx,.xlsm,.ods,.ots",
  json: ".json,application/json",
};

const PATTERNS: Record<ImportKind, RegExp> = {
  csv: /\.csv$/i,
  excel: /\.(?:xls|xlsx|xlsm|ods|ots)$/i,
  json: /\.json$/i,
};

export type FileRuleKey =
  | "msg.error.theAcceptedFileTypeIsCsv"
  | "msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts"
  | "msg.error.targetFileIsNotAcceptedFileType";

const MESSAGES: Record<ImportKind, FileRuleKey> = {
  csv: "msg.error.theAcceptedFileTypeIsCsv",
  excel: "msg.error.theAcceptedFileTypesAreXlsXlsxXlsmOdsOts",
  json: "msg.error.targetFileIsNotAcceptedFileType",
};

/** The message key for a file name the import refuses, or null when it is accepted. */
export function fileNameProblem(kind: ImportKind, fileName: string): FileRuleKey | null {
  return PATTERNS[kind].test(fileName.trim()) ? null : MESSAGES[kind];
}

/** The path of a URL (for the name rule and the table name); null when it is not an http(s) URL. */
export function urlPath(url: string): string | null {
  try {
    const u = new URL(url.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? decodeURIComponent(u.pathname) : null;
  } catch {
    return null;
  }
}

/** The message key for a URL the import refuses, or null. */
export function urlProblem(kind: ImportKind, url: string): FileRuleKey | null {
  const path = urlPath(url);
  if (path === null) return "msg.error.targetFileIsNotAcceptedFileType";
  return fileNameProblem(kind, path);
}
