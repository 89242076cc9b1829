/**
 * A refused bulk insert, told in source rows. The server answers `Row N: <message>` with N the
 * 1-based position in the request (no prefix when the request held one row); the message is
 * given back with N replaced by the source row number, and that row named.
 */
export interface BatchFailure {
  /** The source row the server named, when it named one. */
  row: number | null;
  message: string;
}

export function batchFailure(message: string, rowNumbers: readonly number[]): BatchFailure {
  const m = /^Row (\d+): ([\s\S]*)$/.exec(message);
  if (m) {
    const row = rowNumbers[Number(m[1]) - 1];
    if (row !== undefined) return { row, message: `Row ${row}: ${m[2]}` };
  }
  if (rowNumbers.length === 1) return { row: rowNumbers[0]!, message: `Row ${rowNumbers[0]}: ${message}` };
  return { row: null, message };
}
