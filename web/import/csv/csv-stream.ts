/**
 * CSV read in chunks with papaparse (SPEC 9). Rules:
 * - the blob is read CHUNK bytes at a time (10 MB local, 5 MB remote) and decoded as UTF-8 with
 *   a streaming decoder, so a character split across two chunks stays whole; a BOM is dropped;
 * - the delimiter is detected once, on the first chunk, among , tab | ; and the record and unit
 *   separators (U+001E, U+001F); when none fits, papaparse's notice "Unable to auto-detect
 *   delimiting character; defaulted to ','" is reported and "," is used;
 * - a chunk's last, possibly incomplete record (also a quoted field with newlines) is carried
 *   into the next chunk; quoted newlines stay inside their cell;
 * - empty lines are skipped; quote errors keep papaparse's messages ("Quoted field unterminated",
 *   "Trailing quote on quoted field is malformed") on the record they belong to.
 */
import Papa from "papaparse";

export const DELIMITERS = [",", "\t", "|", ";", Papa.RECORD_SEP, Papa.UNIT_SEP];

/** A record carried over longer than this is a quote that never closes: the rest is one bad record. */
const MAX_CARRY = 64 * 1024 * 1024;

export interface CsvRecord {
  cells: string[];
  /** papaparse's message for this record, when it could not be read cleanly. */
  error?: string;
}

export interface CsvChunk {
  records: CsvRecord[];
  /** Bytes of the blob read so far. */
  bytesRead: number;
  delimiter: string;
  /** File-level notices (the delimiter fallback), on the first chunk only. */
  notices: string[];
}

interface PapaError {
  code: string;
  message: string;
  row?: number;
}

function detect(text: string): { delimiter: string; newline: "\n" | "\r" | "\r\n"; notices: string[] } {
  const res = Papa.parse<string[]>(text, { preview: 2, skipEmptyLines: true, delimitersToGuess: DELIMITERS });
  const notices = (res.errors as PapaError[]).filter((e) => e.code === "UndetectableDelimiter").map((e) => e.message);
  return {
    delimiter: res.meta.delimiter || ",",
    newline: (res.meta.linebreak || "\n") as "\n" | "\r" | "\r\n",
    notices,
  };
}

function records(data: string[][], errors: PapaError[]): CsvRecord[] {
  const byRow = new Map<number, string>();
  for (const e of errors) if (e.row !== undefined && !byRow.has(e.row)) byRow.set(e.row, e.message);
  const out: CsvRecord[] = [];
  data.forEach((cells, i) => {
    const error = byRow.get(i);
    if (!error && cells.length === 1 && cells[0] === "") return; // an empty line
    out.push(error ? { cells, error } : { cells });
  });
  return out;
}

/** The blob's records, one chunk at a time. */
export async function* csvChunks(blob: Blob, chunkSize: number): AsyncGenerator<CsvChunk> {
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  let format: ReturnType<typeof detect> | null = null;
  for (let start = 0; start < blob.size; start += chunkSize) {
    const end = Math.min(start + chunkSize, blob.size);
    let last = end >= blob.size;
    const text = carry + decoder.decode(await blob.slice(start, end).arrayBuffer(), { stream: !last });
    const notices = format ? [] : (format = detect(text)).notices;
    if (!last && text.length > MAX_CARRY) last = true;
    const parser = new Papa.Parser({ delimiter: format.delimiter, newline: format.newline, quoteChar: '"' });
    const res = parser.parse(text, 0, !last) as { data: string[][]; errors: PapaError[]; meta: { cursor: number } };
    carry = last ? "" : text.slice(res.meta.cursor);
    yield { records: records(res.data, res.errors), bytesRead: end, delimiter: format.delimiter, notices };
    if (last) return;
  }
}

/** Field-count messages (SPEC 8) for a record against the column count; blank extra fields are fine. */
export function fieldCountError(cells: readonly string[], columns: number): string | null {
  if (cells.length < columns) return "Too few fields";
  if (cells.length > columns && cells.slice(columns).some((c) => c.trim() !== "")) return "Too many fields";
  return null;
}
