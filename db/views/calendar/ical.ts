/**
 * RFC 5545 text of a calendar feed. Rules:
 * - lines end in CRLF and are folded at 75 octets (UTF-8; a character is never split), the
 *   continuation starting with one space;
 * - TEXT values escape backslash, semicolon, comma and newlines (3.3.11);
 * - an all-day event has DTSTART;VALUE=DATE and an exclusive DTEND (the day after its last day);
 *   a timed one has UTC times (`...Z`) and DTEND only when it has an end after its start;
 * - UID is stable per record (view id + record key), so subscribers update rather than duplicate.
 */
export interface FeedEvent {
  uid: string;
  summary: string;
  /** "YYYY-MM-DD" for all-day events, or an instant for timed ones. */
  start: string | Date;
  /** The last day (inclusive) of an all-day event, or the end instant of a timed one. */
  end: string | Date | null;
  allDay: boolean;
  /** When the record last changed (DTSTAMP). */
  stamp: Date;
}

export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** One content line folded to at most 75 octets per physical line. */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    // The first line holds 75 octets; continuations hold 74 after their leading space.
    if (size + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");
const utc = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
const day = (text: string) => text.slice(0, 10).replace(/-/g, "");
const nextDay = (text: string) => {
  const d = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
};
const instant = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function eventLines(e: FeedEvent): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${escapeText(e.uid)}`, `DTSTAMP:${utc(e.stamp)}`];
  if (e.allDay) {
    const first = typeof e.start === "string" ? e.start : e.start.toISOString();
    const last = e.end === null ? first : typeof e.end === "string" ? e.end : e.end.toISOString();
    lines.push(`DTSTART;VALUE=DATE:${day(first)}`, `DTEND;VALUE=DATE:${nextDay(last >= first ? last : first)}`);
  } else {
    const start = instant(e.start);
    lines.push(`DTSTART:${utc(start)}`);
    if (e.end !== null && instant(e.end).getTime() > start.getTime()) lines.push(`DTEND:${utc(instant(e.end))}`);
  }
  lines.push(`SUMMARY:${escapeText(e.summary)}`, "END:VEVENT");
  return lines;
}

export function icsCalendar(name: string, events: readonly FeedEvent[]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Gridbase//Calendar feed//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
