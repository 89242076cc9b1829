import * as hooksApi from "../db/hooks/hooks";
import type { HookInput, HookOperation } from "../db/hooks/inputs";
import { hasHooks, hooksAfter, hooksBefore, samplePayload } from "../db/hooks/trigger";
import { automationsAfter, automationsBefore, automationsFor, type TriggeredWrite } from "../db/automations/trigger";
import { nextBatchDue } from "../db/automations/batches";
import { nextDue } from "../db/automations/runs";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { chatTargets } from "./chat-targets";
import { deliverDue, deliverOnce, logAttempt } from "./hook-delivery";
import { guard } from "./room-guard";
import type { RoomFiles } from "./room-files";
import type { RoomResult } from "./room-result";

/**
 * The room's webhooks at run time: messages queued with the row writes that trigger them, the
 * alarm that delivers them (and runs the attachment removals, which share it), the test button.
 * Its own object because what it knows of the alarm (`#alarmDue`) lives as long as the room.
 */
export class RoomHooks {
  /** When the alarm is known to be due (or running); a write then leaves it be. */
  #alarmDue: number | null = null;

  constructor(
    private readonly room: { readonly store: ProjectStore },
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly files: RoomFiles,
  ) {}

  private get store() {
    return this.room.store;
  }

  /**
   * A row write with its table's webhooks and automations: without an active hook or automation
   * for the operation it is the write alone; otherwise the rows are read before (updates, deletes)
   * and, after the write in its transaction, the matching hooks' messages and automations' runs
   * are queued for the alarm. A webhook queueing failure is logged, never turned into a failed
   * write; an automation run that cannot be queued fails the write (no run is ever lost).
   */
  hooked<T>(
    tableKey: string,
    op: HookOperation,
    write: () => T,
    idsAfter: (data: T, pre: number[]) => number[],
    idsBefore: (() => number[]) | undefined,
    w: TriggeredWrite,
  ): T {
    const hooks = hasHooks(this.store, tableKey, op);
    const autos = automationsFor(this.store, tableKey, op, w);
    if (!hooks && !autos.length) return write();
    const pre = idsBefore?.() ?? [];
    const before = hooks && idsBefore ? hooksBefore(this.store, tableKey, op, pre) : null;
    const autoBefore = autos.length && idsBefore ? automationsBefore(this.store, tableKey, op, autos, pre) : null;
    const data = write();
    const ids = idsAfter(data, pre);
    if (hooks)
      try {
        if (hooksAfter(this.store, tableKey, op, ids, before) > 0) this.wake();
      } catch (err) {
        console.error(`webhooks: could not queue ${op} on ${tableKey}:`, err);
      }
    if (autos.length) {
      this.runsQueued(automationsAfter(this.store, tableKey, op, autos, ids, autoBefore, w, this.maxDepth()));
    }
    return data;
  }

  /** Automation runs were queued by a write (here, or an external table's: room-tables.ts). */
  runsQueued(queued: number) {
    // A bulk write's many runs start a moment later, so the write's own answer goes out first.
    if (queued > 0) this.wake(queued > BULK_RUNS ? BULK_DELAY_MS : 0);
  }

  maxDepth() {
    return maxDepth(this.env);
  }

  /**
   * Wakes the alarm now unless it is already due; a known pending alarm costs no storage call.
   * Webhook deliveries and automation runs (room-automations.ts) both queue behind it.
   * The alarm is set unconfirmed: the write's answer does not wait for it (a bulk insert with an
   * automation was ~30 % slower waiting for it, tests/bench/automations.bench.mjs). What it wakes
   * for is committed with the write; should the object be reset before the alarm is stored,
   * `resume` sets it again when the object starts.
   */
  wake(delayMs = 0) {
    const at = Date.now() + delayMs;
    if (this.#alarmDue !== null && this.#alarmDue <= at) return;
    const storage = this.ctx.storage;
    this.#alarmDue = at;
    void storage
      .getAlarm()
      .then((now) => (now === null || now > at ? storage.setAlarm(at, { allowUnconfirmed: true }) : undefined))
      .catch((err) => {
        this.#alarmDue = null;
        console.error("webhooks: could not set the delivery alarm:", err);
      });
  }

  /** When the object starts: the earliest pending delivery, run or bulk entry gets its alarm. */
  resume() {
    const [h] = this.store.exec("SELECT min(due_at) AS at FROM _nc_hook_queue");
    const due = [h?.at == null ? null : Number(h.at), nextDue(this.store), nextBatchDue(this.store)].filter(
      (x): x is number => x !== null,
    );
    if (due.length) this.wake(Math.max(0, Math.min(...due) - Date.now()));
  }

  async alarm() {
    // Writes during this run queue behind it; the run ends by setting the next wake-up itself.
    this.#alarmDue = Date.now();
    try {
      // One alarm serves two queues: attachment removals (stored-files.ts) and webhook deliveries.
      // Each sets the alarm only earlier than it stands, so neither hides the other's wake-up.
      await this.files.removals.run();
      const next = await deliverDue(this.store, this.env, await chatTargets(this.env));
      if (next === null) return;
      const at = await this.ctx.storage.getAlarm();
      if (at === null || at > next) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
    } finally {
      this.#alarmDue = null;
    }
  }

  /** "Redeliver": a logged payload queued again for its hook, delivered (and logged) as any other. */
  redeliver(hookId: string, logId: number): RoomResult<{ msg: string }> {
    const queued = guard(() => hooksApi.queueAgain(this.store, hookId, logId));
    if (queued.ok) this.wake();
    return queued;
  }

  async test(
    tableKey: string,
    hook: HookInput & { id?: string },
    payload: unknown,
  ): Promise<RoomResult<{ ok: boolean; status: number | null; error: string | null }>> {
    const sample = guard(() => samplePayload(this.store, tableKey, hook.operation));
    if (!sample.ok) return sample;
    const saved = hook.id ? guard(() => hooksApi.findHook(this.store, hook.id!)) : null;
    const target = { notification: JSON.stringify(hook.notification), timeout: hook.timeout ?? 10_000 };
    const body = payload && typeof payload === "object" && "data" in payload ? payload : sample.data;
    const result = await deliverOnce(target, body, this.env, await chatTargets(this.env));
    if (saved?.ok) logAttempt(this.store, saved.data, 1, result, true, JSON.stringify(body));
    return { ok: true, data: { ok: result.ok, status: result.status, error: result.error } };
  }
}

/** Over this many runs queued by one write, the runner starts BULK_DELAY_MS later. */
const BULK_RUNS = 100;
const BULK_DELAY_MS = 250;

/** How deep a chain of automations may go (instance setting AUTOMATION_MAX_DEPTH, default 3). */
export function maxDepth(env: Env): number {
  const n = Number(env.AUTOMATION_MAX_DEPTH);
  return Number.isInteger(n) && n >= 0 && env.AUTOMATION_MAX_DEPTH !== "" && env.AUTOMATION_MAX_DEPTH != null ? n : 3;
}
