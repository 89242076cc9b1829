/**
 * ProjectStore.later over timers (store.ts; the room gives it its store): work a read wants done but need
 * not wait for, such as a big table's sort index (db/rows/auto-index.ts), runs LATER_MS after the
 * request, between requests (the room answers one at a time). One pending job per slot.
 */
export const LATER_MS = 1_000;

export function laterJobs() {
  const pending = new Map<string, { job: string; timer: ReturnType<typeof setTimeout> }>();
  return (slot: string, job: string, fn: () => void) => {
    const now = pending.get(slot);
    if (now?.job === job) return;
    if (now) clearTimeout(now.timer);
    const timer = setTimeout(() => {
      pending.delete(slot);
      try {
        fn();
      } catch (err) {
        // Deferred work only speeds reads up; what fails (the column dropped meanwhile) is left.
        console.error(`deferred ${job} failed:`, err);
      }
    }, LATER_MS);
    pending.set(slot, { job, timer });
  };
}
