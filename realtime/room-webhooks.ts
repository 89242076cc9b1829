import * as hooksApi from "../db/hooks/hooks";
import type { HookInput, HookOperation } from "../db/hooks/inputs";
import { hasHooks, hooksAfter, hooksBefore, samplePayload } from "../db/hooks/trigger";
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
   * A row write with its table's webhooks: without an active hook for the operation it is the
   * write alone; otherwise the rows are read before (updates, deletes) and the matching hooks'
   * messages queued after the commit, for the alarm to deliver. A queueing failure is logged,
   * never turned into a failed write.
   */
  hooked<T>(
    tableKey: string,
    op: HookOperation,
    write: () => T,
    idsAfter: (data: T, pre: number[]) => number[],
    idsBefore?: () => number[],
  ): T {
    if (!hasHooks(this.store, tableKey, op)) return write();
    const pre = idsBefore?.() ?? [];
    const before = idsBefore ? hooksBefore(this.store, tableKey, op, pre) : null;
    const data = write();
    try {
      if (hooksAfter(this.store, tableKey, op, idsAfter(data, pre), before) > 0) this.#scheduleDelivery();
    } catch (err) {
      console.error(`webhooks: could not queue ${op} on ${tableKey}:`, err);
    }
    return data;
  }

  /** Wakes the alarm now unless it is already due; a known pending alarm costs no storage call. */
  #scheduleDelivery() {
    if (this.#alarmDue !== null && this.#alarmDue <= Date.now()) return;
    const storage = this.ctx.storage;
    this.#alarmDue = Date.now();
    void storage
      .getAlarm()
      .then((at) => (at === null || at > Date.now() ? storage.setAlarm(Date.now()) : undefined))
      .catch((err) => {
        this.#alarmDue = null;
        console.error("webhooks: could not set the delivery alarm:", err);
      });
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
    if (queued.ok) this.#scheduleDelivery();
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
