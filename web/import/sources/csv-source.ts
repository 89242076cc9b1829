/**
 * A CSV file as an import source. Rules: the first record is the header row; the column count
 * is the header's, or the most common length of the sampled records when that is longer (the
 * header misses names; they are named field_N later); a
 * record with fewer fields, or with non-blank extra fields, is refused with papaparse's wording.
 */
import { MAX_ROWS_TO_PARSE } from "../config";
import { csvChunks, fieldCountError, type CsvRecord } from "../csv/csv-stream";
import type { ImportSource, PreviewTable, SourceRow } from "../protocol";

/** The preview reads this much at a time: enough for the sample of most files, without reading a whole 10 MB chunk. */
const PREVIEW_CHUNK = 1024 * 1024;

/** Fields up to the last non-blank one. */
function filledLength(cells: readonly string[]): number {
  let n = cells.length;
  while (n > 0 && cells[n - 1]!.trim() === "") n -= 1;
  return n;
}

/** The most common filled record length (the longer one on a tie); 0 for none. */
function commonLength(records: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(filledLength(r), (counts.get(filledLength(r)) ?? 0) + 1);
  let best = 0;
  let max = 0;
  for (const [len, n] of counts) if (n > max || (n === max && len > best)) [best, max] = [len, n];
  return best;
}

export function csvSource(blob: Blob, chunkSize: number, ref: string): ImportSource {
  let columns = 0;
  let read = 0;
  let bytes = 0;
  let finished = false;

  async function preview() {
    const records: CsvRecord[] = [];
    const notices: string[] = [];
    let whole = false;
    const chunks = csvChunks(blob, Math.min(chunkSize, PREVIEW_CHUNK));
    for await (const chunk of chunks) {
      notices.push(...chunk.notices);
      records.push(...chunk.records.slice(0, MAX_ROWS_TO_PARSE + 1 - records.length));
      whole = chunk.bytesRead >= blob.size;
      if (records.length > MAX_ROWS_TO_PARSE) break;
    }
    const [header, ...rest] = records;
    const headers = header?.cells ?? [];
    const clean = rest.filter((r) => !r.error).map((r) => r.cells);
    columns = Math.max(headers.length, commonLength(clean));
    const table: PreviewTable = {
      ref,
      headers: Array.from({ length: columns }, (_, i) => headers[i] ?? ""),
      sample: clean.map((c) => Array.from({ length: columns }, (_, i) => c[i] ?? null)),
      totalRows: whole && records.length <= MAX_ROWS_TO_PARSE ? rest.length : null,
    };
    return { tables: [table], notices };
  }

  async function* rows(): AsyncGenerator<SourceRow[]> {
    let header = true;
    read = 0;
    for await (const chunk of csvChunks(blob, chunkSize)) {
      const out: SourceRow[] = [];
      for (const rec of chunk.records) {
        if (header) {
          header = false;
          continue;
        }
        read += 1;
        const error = rec.error ?? fieldCountError(rec.cells, columns);
        const cells = rec.cells.length > columns ? rec.cells.slice(0, columns) : rec.cells;
        out.push(error ? { row: read, cells: rec.cells, error } : { row: read, cells });
      }
      bytes = chunk.bytesRead;
      yield out;
    }
    finished = true;
  }

  return {
    preview,
    rows: () => rows(),
    progress() {
      const total = finished ? read : bytes > 0 ? Math.max(read, Math.round((read * blob.size) / bytes)) : null;
      return { read, total };
    },
  };
}
