import { findHook, type HookRow } from "../db/hooks/hooks";
import { notificationInput } from "../db/hooks/inputs";
import { hookRequests, type ChatKind, type ChatTarget, type OutgoingRequest } from "../db/hooks/notify";
import { addressRule, checkUrl } from "../db/net/public-address";
import type { ProjectStore, SqlRow } from "../db/store/store";

/**
 * Delivers queued webhook messages from the project room's alarm (DESIGN: deliveries never slow
 * the write). Rules:
 * - up to 25 due messages per run, sent concurrently, each with the hook's timeout;
 * - a 2xx answer is success; anything else (status, timeout, network error, refused address) is
 *   a failure, retried `retries` times with exponential backoff from `retry_interval` (capped at
 *   one hour), then dropped;
 * - every attempt is logged (time, status, first 1000 characters of the answer, duration, the
 *   payload when at most KEPT_PAYLOAD), and a hook keeps its 100 newest log entries;
 * - outside local mode a target must be a public address (db/net/public-address.ts).
 */
export interface DeliveryEnv {
  MODE?: string;
  DNS_RESOLVER_URL?: string;
}

export type Targets = (kind: ChatKind) => ChatTarget[];

const BATCH = 25;
const KEEP_LOGS = 100;
const EXCERPT = 1000;
const MAX_BACKOFF = 3_600_000;

export interface Attempt {
  ok: boolean;
  status: number | null;
  response: string | null;
  error: string | null;
  duration: number;
}

async function send(req: OutgoingRequest, timeout: number, env: DeliveryEnv): Promise<Attempt> {
  const started = Date.now();
  const fail = (error: string, status: number | null = null, response: string | null = null): Attempt => ({
    ok: false,
    status,
    response,
    error,
    duration: Date.now() - started,
  });
  const check = await checkUrl(req.url, addressRule(env));
  if (!check.ok) return fail(check.reason);
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeout),
    });
    const text = (await res.text()).slice(0, EXCERPT);
    const duration = Date.now() - started;
    return res.ok
      ? { ok: true, status: res.status, response: text, error: null, duration }
      : { ok: false, status: res.status, response: text, error: `HTTP ${res.status}`, duration };
  } catch (err) {
    return fail(
      err instanceof Error && err.name === "TimeoutError"
        ? `No answer within ${timeout} ms`
        : String((err as Error)?.message ?? err),
    );
  }
}

/** Parsed notifications by their JSON text: a busy hook's deliveries parse it once. */
const parsedNotifications = new Map<string, ReturnType<typeof notificationInput.safeParse>>();

function parseNotification(text: string) {
  let parsed = parsedNotifications.get(text);
  if (!parsed) {
    if (parsedNotifications.size > 200) parsedNotifications.clear();
    parsed = notificationInput.safeParse(JSON.parse(text));
    parsedNotifications.set(text, parsed);
  }
  return parsed;
}

/** Sends one payload through a hook's notification: every request must succeed. */
export async function deliverOnce(
  hook: Pick<HookRow, "notification" | "timeout">,
  payload: unknown,
  env: DeliveryEnv,
  targets: Targets,
): Promise<Attempt> {
  const parsed = parseNotification(hook.notification);
  if (!parsed.success)
    return { ok: false, status: null, response: null, error: "The hook's notification is not valid", duration: 0 };
  const requests = hookRequests(parsed.data, payload as Parameters<typeof hookRequests>[1], targets);
  if (!requests.length)
    return {
      ok: false,
      status: null,
      response: null,
      error: "No notification target is configured (App store)",
      duration: 0,
    };
  const results = await Promise.all(requests.map((r) => send(r, hook.timeout, env)));
  return results.find((r) => !r.ok) ?? results[0]!;
}

/** Payloads up to this size are kept with their log entry (larger ones: the entry says so, none is kept). */
export const KEPT_PAYLOAD = 64 * 1024;

export function logAttempt(
  store: ProjectStore,
  hook: HookRow,
  attempt: number,
  a: Attempt,
  test: boolean,
  payload: string,
) {
  const [row] = store.exec(
    `INSERT INTO _nc_hook_logs (fk_hook_id, event, operation, test, attempt, status, ok, response, error, duration, created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    hook.id,
    hook.event,
    hook.operation,
    test ? 1 : 0,
    attempt,
    a.status,
    a.ok ? 1 : 0,
    a.response,
    a.error,
    a.duration,
    new Date().toISOString(),
    payload.length <= KEPT_PAYLOAD ? payload : null,
  );
  // Trimmed every 10th entry (the log reads the newest 100), to keep each delivery cheap.
  if (Number(row?.id) % 10 === 0)
    store.exec(
      `DELETE FROM _nc_hook_logs WHERE fk_hook_id = ? AND id NOT IN (SELECT id FROM _nc_hook_logs WHERE fk_hook_id = ? ORDER BY id DESC LIMIT ?)`,
      hook.id,
      hook.id,
      KEEP_LOGS,
    );
}

export const backoff = (interval: number, attempt: number) => Math.min(MAX_BACKOFF, interval * 2 ** attempt);

/** Delivers what is due; answers when the next message is due (ms), or null when none is queued. */
export async function deliverDue(
  store: ProjectStore,
  env: DeliveryEnv,
  targets: Targets,
  nowMs = Date.now(),
): Promise<number | null> {
  const due = store.exec("SELECT * FROM _nc_hook_queue WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", nowMs, BATCH);
  await Promise.all(
    due.map(async (item: SqlRow) => {
      let hook: HookRow;
      try {
        hook = findHook(store, String(item.fk_hook_id));
      } catch {
        store.exec("DELETE FROM _nc_hook_queue WHERE id = ?", Number(item.id));
        return;
      }
      const attempt = Number(item.attempt) + 1;
      const result = await deliverOnce(hook, JSON.parse(String(item.payload)), env, targets);
      logAttempt(store, hook, attempt, result, false, String(item.payload));
      if (result.ok || attempt > hook.retries) store.exec("DELETE FROM _nc_hook_queue WHERE id = ?", Number(item.id));
      else
        store.exec(
          "UPDATE _nc_hook_queue SET attempt = ?, due_at = ? WHERE id = ?",
          attempt,
          Date.now() + backoff(hook.retry_interval, attempt - 1),
          Number(item.id),
        );
    }),
  );
  const [next] = store.exec("SELECT min(due_at) AS at FROM _nc_hook_queue");
  return next?.at == null ? null : Number(next.at);
}
