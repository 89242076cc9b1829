/** Plain days ("YYYY-MM-DD", no time zone) as the calendar and the timeline place records on them. */
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

export const dayText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const parseDay = (text: string) => new Date(`${text.slice(0, 10)}T00:00:00Z`);
export const addDays = (text: string, n: number) => dayText(new Date(parseDay(text).getTime() + n * DAY_MS));
export const daysBetween = (a: string, b: string) =>
  Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / DAY_MS);
/** Today in the reader's own time zone. */
export const todayText = () => dayText(new Date(Date.now() - new Date().getTimezoneOffset() * 60_000));
