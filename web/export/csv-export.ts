/**
 * CSV export of a view (API-CONTRACT 5.4). Rules: batches are asked from offset 0, then from each
 * `nc-export-offset` until it reads -1; every batch starts with the header row, kept once; the
 * file starts with a UTF-8 BOM so spreadsheet programs read it as UTF-8 (the import drops it).
 */
import type { CsvBatch } from "./export-client";

/** The text after the first record (a quoted header may hold line breaks). */
export function withoutHeader(csv: string): string {
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r"))
      return csv.slice(ch === "\r" && csv[i + 1] === "\n" ? i + 2 : i + 1);
  }
  return "";
}

export interface CsvExportDeps {
  fetchBatch(offset: number): Promise<CsvBatch>;
  /** Rows exported so far (after each batch). */
  onProgress?(rows: number): void;
  signal?: AbortSignal;
}

export async function exportCsvParts(deps: CsvExportDeps): Promise<string[]> {
  const parts: string[] = ["\ufeff"];
  let offset = 0;
  for (let first = true; ; first = false) {
    if (deps.signal?.aborted) throw new DOMException("Export cancelled", "AbortError");
    const batch = await deps.fetchBatch(offset);
    parts.push(first ? batch.text : withoutHeader(batch.text));
    if (batch.next < 0) break;
    offset = batch.next;
    deps.onProgress?.(offset);
  }
  return parts;
}
