import { toFlags } from "../db/acl/roles";
import { readerOf, type Reader } from "../db/access/reader";
import { isNarrowed, narrowing, readingAs } from "../db/access/narrow";
import { evaluateFormula } from "../db/automations/formula";
import { tableColumns } from "../db/views/lookup";
import { settingsKey } from "../db/apps/settings-key";
import {
  activeAutomations,
  findAutomation,
  openStep,
  stepsOf,
  triggerOf,
  type StoredStep,
} from "../db/automations/automations";
import type { AutomationTestInput } from "../db/automations/inputs";
import { expandBatches, nextBatchDue } from "../db/automations/batches";
import { pruneRuns, retentionOf } from "../db/automations/retention";
import { nextDue, queueRuns, runJson, type RunTrigger, type StepRecord } from "../db/automations/runs";
import { render, renderDeep, truthy, type Context } from "../db/automations/template";
import type { ReadRequest, RowChange } from "../db/data/requests";
import { chatBody, type ChatKind } from "../db/hooks/notify";
import { addressRule, checkUrl } from "../db/net/public-address";
import type { Actor } from "../db/rows/audit";
import type { AutomationRow } from "../db/store/schema";
import type { ProjectStore, SqlRow } from "../db/store/store";
import { nextScheduled } from "../db/automations/automations";
import { chatTargets } from "./chat-targets";
import type { Env } from "./env";
import type { RoomResult } from "./room-result";

/**
 * Runs automations (issue 39) from the project room's alarm. Why alarms over Workflows: README
 * "Automations". Rules:
 * - a run is a row of `_nc_automation_runs`, queued in the transaction of its trigger's write
 *   (a bulk write's: one entry of `_nc_automation_batches` the alarm expands first, EXPAND at a time);
 *   the alarm takes due runs (BATCH at a time, CONCURRENCY at once), claims each with a lease
 *   (`due_at` pushed LEASE ahead, so a run an object restart cut off is taken again once it
 *   expires) and runs its steps in order, writing each step's input and output on the row before
 *   the next: a restart goes on from the step it was at;
 * - a failing step is retried ATTEMPTS times with backoff (BACKOFF × 2^n), then the run fails
 *   with its error; a delay step sets `due_at` and lets the alarm come back (no request waits);
 * - record steps act as the builder who saved the automation (their role's reader: hidden
 *   fields and row rules apply) through the room's one write pipeline, with the run's depth
 *   on the actor (the loop guard, db/automations/trigger.ts);
 * - schedules: a due schedule queues a run and moves to its next time;
 * - finished runs past retention (AUTOMATION_RUNS_KEPT / AUTOMATION_RUN_DAYS) are pruned;
 * - every change of a run is told to builders' sockets (`automationRuns`).
 */
export interface AutomationData {
  read(req: ReadRequest, reader: Reader | null): RoomResult<unknown> | Promise<RoomResult<unknown>>;
  write(change: RowChange, actor: Actor, reader: Reader | null): Promise<RoomResult<unknown>>;
}

export interface AutomationHost {
  readonly store: ProjectStore;
  data(): AutomationData;
  /** The alarm now (shared with webhooks: room-webhooks.ts). */
  wake(): void;
  /** Tells builders' tabs an automation's runs changed. */
  told(automationId: string): void;
}

const BATCH = 50;
/** How often the alarm prunes finished runs past retention (db/automations/retention.ts). */
const PRUNE_EVERY = 10 * 60_000;
/** Runs made from bulk writes' entries per alarm (batches.ts). */
const EXPAND = 2000;
const CONCURRENCY = 10;
const LEASE = 10 * 60_000;
export const ATTEMPTS = 3;
const BACKOFF = 500;
const HTTP_TIMEOUT = 15_000;
const EXCERPT = 2000;

class StepError extends Error {}

type Mode = "run" | "dry" | "real";

interface Outcome {
  output: unknown;
  /** A delay: when the run may go on. */
  until?: number;
  /** A condition that did not pass: stop, or skip the next n steps. */
  stop?: boolean;
  skip?: number;
}

const fail = (msg: string): never => {
  throw new StepError(msg);
};

async function answer<T>(r: RoomResult<T> | Promise<RoomResult<T>>): Promise<T> {
  const got = await r;
  if (!got.ok) fail(got.msg);
  return (got as { ok: true; data: T }).data;
}

const listOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : String(v ?? "").split(/[,;\n]/)).map((x) => String(x ?? "").trim()).filter(Boolean);

export class RoomAutomations {
  /** When finished runs past retention were last pruned (0: not since the object started). */
  #prunedAt = 0;

  constructor(
    private readonly host: AutomationHost,
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  private get store() {
    return this.host.store;
  }

  /** The builder's reader: owners and creators read everything, a narrower role what it may. */
  #readerOf(a: AutomationRow): Reader | null {
    const role = a.builderRole ?? "viewer";
    const flags = toFlags(role);
    if (role === "owner") flags.creator = true;
    return readerOf(flags, a.createdBy, a.createdByEmail);
  }

  #actorOf(a: AutomationRow, depth: number): Actor {
    return { id: a.createdBy ?? "", email: a.createdByEmail ?? "", name: `Automation: ${a.title}`, depth };
  }

  /** Queues one run now (button, webhook, schedule); answers it. */
  queue(a: AutomationRow, trigger: RunTrigger, rowId: string | null): ReturnType<typeof runJson> {
    const now = Date.now();
    queueRuns(this.store, a.id, [rowId], trigger, 1, Infinity, now);
    const [row] = this.store.exec(
      "SELECT * FROM _nc_automation_runs WHERE fk_automation_id = ? ORDER BY id DESC LIMIT 1",
      a.id,
    );
    this.host.wake();
    this.host.told(a.id);
    return runJson(row!);
  }

  /**
   * A comment added on a record (room-comments.ts): its table's comment.added automations queue a
   * run each, right after the comment's insert with no wait between (one implicit transaction of
   * the object's storage).
   */
  commented(tableId: string, rowId: string, actor: Actor, text: string, limit: number) {
    const autos = activeAutomations(this.store, tableId, ["comment.added"]);
    if (!autos.length) return;
    const trigger: RunTrigger = {
      type: "comment.added",
      table_id: tableId,
      user: actor.id ? { id: actor.id, email: actor.email } : null,
      comment: { text, user: actor.email },
    };
    for (const a of autos) queueRuns(this.store, a.id, [rowId], trigger, (actor.depth ?? 0) + 1, limit, Date.now());
    this.host.wake();
    for (const a of autos) this.host.told(a.id);
  }

  /** A run queued by a request (re-run): the runner wakes, builders' lists refetch. */
  queued(automationId: string) {
    this.host.wake();
    this.host.told(automationId);
  }

  /** The alarm's part: due schedules, then due runs; sets the next wake-up only earlier than it stands. */
  async alarm() {
    this.#dueSchedules();
    // Bulk writes' entries become runs first (a few thousand an alarm: it stays short).
    for (const id of expandBatches(this.store, EXPAND)) this.host.told(id);
    const due = this.store.exec(
      "SELECT * FROM _nc_automation_runs WHERE status IN ('queued', 'running') AND due_at <= ? ORDER BY due_at, id LIMIT ?",
      Date.now(),
      BATCH,
    );
    const lease = Date.now() + LEASE;
    for (const r of due)
      this.store.exec(
        "UPDATE _nc_automation_runs SET status = 'running', due_at = ?, started_at = coalesce(started_at, ?) WHERE id = ?",
        lease,
        Date.now(),
        Number(r.id),
      );
    const told = new Set<string>();
    for (let i = 0; i < due.length; i += CONCURRENCY)
      await Promise.all(
        due.slice(i, i + CONCURRENCY).map(async (r) => {
          told.add(String(r.fk_automation_id));
          try {
            await this.#advance(r);
          } catch (err) {
            this.#finish(Number(r.id), "failed", String((err as Error)?.message ?? err));
          }
        }),
      );
    // Retention (retention.ts): at most every PRUNE_EVERY, and on the first alarm after a restart.
    if (Date.now() - this.#prunedAt >= PRUNE_EVERY) {
      this.#prunedAt = Date.now();
      for (const id of pruneRuns(this.store, retentionOf(this.env))) told.add(id);
    }
    for (const id of told) this.host.told(id);
    const [s] = this.store.exec(
      "SELECT min(next_run_at) AS at FROM _nc_automations WHERE active = 1 AND trigger_type = 'schedule'",
    );
    const candidates = [nextDue(this.store), nextBatchDue(this.store), s?.at == null ? null : Number(s.at)].filter(
      (x): x is number => x !== null,
    );
    if (!candidates.length) return;
    const next = Math.max(Math.min(...candidates), Date.now());
    const at = await this.ctx.storage.getAlarm();
    if (at === null || at > next) await this.ctx.storage.setAlarm(next);
  }

  #dueSchedules() {
    const now = Date.now();
    const rows = this.store.exec(
      "SELECT id FROM _nc_automations WHERE active = 1 AND trigger_type = 'schedule' AND next_run_at <= ?",
      now,
    );
    for (const { id } of rows) {
      const a = findAutomation(this.store, String(id));
      const t = triggerOf(a);
      this.store.transaction(() => {
        queueRuns(this.store, a.id, [null], { type: "schedule", user: null }, 1, Infinity, now);
        let next: number | null = null;
        try {
          next = nextScheduled(t.cron!, t.timezone, new Date(now + 1000));
        } catch {
          next = null;
        }
        this.store.exec("UPDATE _nc_automations SET next_run_at = ? WHERE id = ?", next, a.id);
      });
    }
  }

  /** Sets the alarm for a schedule saved or changed (only earlier than it stands). */
  async scheduled(at: number | null) {
    if (at === null) return;
    const now = await this.ctx.storage.getAlarm();
    if (now === null || now > at) await this.ctx.storage.setAlarm(at);
  }

  #finish(id: number, status: "succeeded" | "failed" | "skipped", error: string | null) {
    this.store.exec(
      "UPDATE _nc_automation_runs SET status = ?, error = ?, finished_at = ? WHERE id = ?",
      status,
      error,
      Date.now(),
      id,
    );
  }

  /** The run's context for templates: its record, its trigger, earlier steps' outputs (steps.1 …). */
  #context(trigger: RunTrigger, done: StepRecord[]): Context {
    const steps: Record<string, unknown> = {};
    done.forEach((s, i) => (steps[String(i + 1)] = s.output ?? null));
    return { record: trigger.record ?? {}, trigger, steps, body: trigger.body ?? null };
  }

  async #advance(r: SqlRow) {
    const runId = Number(r.id);
    let a: AutomationRow;
    try {
      a = findAutomation(this.store, String(r.fk_automation_id));
    } catch {
      return this.#finish(runId, "failed", "The automation was deleted");
    }
    const trigger = JSON.parse(String(r.trigger)) as RunTrigger;
    const reader = this.#readerOf(a);
    // The record as the builder reads it, kept with the run when it starts (a retry or a
    // restart sees the same one).
    if (Number(r.step_index) === 0 && Number(r.attempt) === 0 && trigger.table_id) {
      if (trigger.record === undefined && r.row_id != null) {
        const got = await this.host
          .data()
          .read({ op: "one", table: trigger.table_id, rowId: String(r.row_id) }, reader);
        trigger.record = got.ok ? (got.data as Record<string, unknown>) : null;
      }
      if (trigger.record) trigger.record = this.#visible(trigger.table_id, trigger.record, reader);
      this.store.exec("UPDATE _nc_automation_runs SET trigger = ? WHERE id = ?", JSON.stringify(trigger), runId);
    }
    const steps = stepsOf(a);
    const done = JSON.parse(String(r.steps)) as StepRecord[];
    let index = Number(r.step_index);
    let attempt = Number(r.attempt);
    const key = settingsKey(this.env);
    while (index < steps.length) {
      const step = await openStep(steps[index]!, key);
      const context = this.#context(trigger, done.slice(0, index));
      const started = new Date().toISOString();
      let outcome: Outcome;
      let input: unknown;
      try {
        input = this.#input(step, context);
        outcome = await this.#run(step, input, context, a, Number(r.depth), reader, "run");
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        attempt++;
        done[index] = {
          type: step.type,
          status: attempt < ATTEMPTS ? "retrying" : "failed",
          input,
          error: message,
          attempts: attempt,
          started_at: started,
          finished_at: new Date().toISOString(),
        };
        if (attempt < ATTEMPTS) {
          this.store.exec(
            "UPDATE _nc_automation_runs SET steps = ?, attempt = ?, due_at = ? WHERE id = ?",
            JSON.stringify(done),
            attempt,
            Date.now() + BACKOFF * 2 ** (attempt - 1),
            runId,
          );
          return;
        }
        this.store.exec(
          "UPDATE _nc_automation_runs SET steps = ?, attempt = ? WHERE id = ?",
          JSON.stringify(done),
          attempt,
          runId,
        );
        return this.#finish(runId, "failed", `Step ${index + 1} (${step.type}): ${message}`);
      }
      done[index] = {
        type: step.type,
        status: outcome.until ? "waiting" : "succeeded",
        input: outcome.until ? input : input,
        output: outcome.output,
        ...(attempt ? { attempts: attempt + 1 } : {}),
        started_at: started,
        finished_at: new Date().toISOString(),
      };
      attempt = 0;
      let next = index + 1;
      if (outcome.skip)
        for (let k = 0; k < outcome.skip && next < steps.length; k++, next++)
          done[next] = { type: steps[next]!.type, status: "skipped" };
      this.store.exec(
        "UPDATE _nc_automation_runs SET steps = ?, step_index = ?, attempt = 0, due_at = ? WHERE id = ? ",
        JSON.stringify(done),
        next,
        outcome.until ?? Date.now() + LEASE,
        runId,
      );
      if (outcome.until) {
        // Durable: the row says when to go on; the alarm comes back then (alarm() sets it).
        this.host.told(a.id);
        return;
      }
      if (outcome.stop) {
        for (let k = next; k < steps.length; k++) done[k] = { type: steps[k]!.type, status: "skipped" };
        this.store.exec("UPDATE _nc_automation_runs SET steps = ? WHERE id = ?", JSON.stringify(done), runId);
        return this.#finish(runId, "succeeded", null);
      }
      index = next;
    }
    if (done.length && done[done.length - 1]!.status === "waiting") done[done.length - 1]!.status = "succeeded";
    this.store.exec("UPDATE _nc_automation_runs SET steps = ? WHERE id = ?", JSON.stringify(done), runId);
    this.#finish(runId, "succeeded", null);
  }

  /** A record kept with its run as the builder may read it: fields hidden from their role left out. */
  #visible(modelId: string, record: Record<string, unknown>, reader: Reader | null) {
    if (!isNarrowed(this.store, modelId, reader)) return record;
    const hidden = narrowing(this.store, modelId, reader.role).hidden;
    const titles = new Set(
      tableColumns(this.store, modelId)
        .filter((c) => hidden.has(c.id))
        .map((c) => c.title),
    );
    return Object.fromEntries(Object.entries(record).filter(([k]) => !titles.has(k)));
  }

  /** A step's settings with its templates filled (a condition's test is rendered when it runs). */
  #input(step: StoredStep, context: Context): Record<string, unknown> {
    const { type, ...settings } = step;
    if (type === "condition") return { ...settings, value: render(String(step.if), context) };
    if (type === "formula") {
      const { formula, ...rest } = settings as { formula: string };
      return { formula, ...(renderDeep(rest, context) as object) };
    }
    return renderDeep(settings, context) as Record<string, unknown>;
  }

  async #run(
    step: StoredStep,
    input: unknown,
    _context: Context,
    a: AutomationRow,
    depth: number,
    reader: Reader | null,
    mode: Mode,
  ): Promise<Outcome> {
    const s = input as Record<string, unknown>;
    const data = this.host.data();
    const actor = this.#actorOf(a, depth);
    const dry = mode === "dry";
    switch (step.type) {
      case "create_record": {
        if (dry) return { output: { dry: true, table_id: s.table_id, fields: s.fields } };
        const row = await answer(
          data.write({ op: "insert", table: String(s.table_id), body: s.fields }, actor, reader),
        );
        return { output: { id: idOf(row), record: row } };
      }
      case "update_records": {
        const ids = listOf(s.record_id);
        if (!ids.length) fail("record_id is empty");
        if (dry) return { output: { dry: true, table_id: s.table_id, record_ids: ids, fields: s.fields } };
        const records = [];
        for (const id of ids)
          records.push(
            await answer(
              data.write({ op: "update", table: String(s.table_id), rowId: id, body: s.fields }, actor, reader),
            ),
          );
        return { output: { records } };
      }
      case "find_records": {
        const where = typeof s.where === "string" && s.where.trim() ? s.where : undefined;
        const page = (await answer(
          data.read(
            { op: "list", table: String(s.table_id), params: { where, limit: Number(s.limit ?? 25), offset: 0 } },
            reader,
          ),
        )) as { list: unknown[] };
        return { output: { records: page.list, count: page.list.length } };
      }
      case "link_records": {
        const ids = listOf(s.ref_ids);
        if (dry) return { output: { dry: true, record_id: s.record_id, field: s.field, ref_ids: ids } };
        for (const ref of ids)
          await answer(
            data.write(
              {
                op: "link",
                table: String(s.table_id),
                rowId: String(s.record_id),
                column: String(s.field),
                refRowId: ref,
                add: true,
              },
              actor,
              reader,
            ),
          );
        return { output: { linked: ids.length } };
      }
      case "send_email": {
        const to = listOf(s.to);
        if (!to.length) fail("No address to send to");
        for (const t of to) if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t)) fail(`'${t}' is not an e-mail address`);
        if (dry) return { output: { dry: true, to, subject: s.subject } };
        // On demand: the mailer sits in the Worker's lib and reads the app store's provider.
        const { createMailer } = await import("../functions/lib/mailer");
        const mailer = createMailer(this.env);
        for (const t of to) await mailer.send({ to: t, subject: String(s.subject ?? ""), text: String(s.body ?? "") });
        return { output: { to, subject: s.subject } };
      }
      case "notify": {
        const kind = s.service as ChatKind;
        const named = listOf(s.channels);
        const all = (await chatTargets(this.env))(kind);
        const targets = named.length ? all.filter((t) => named.includes(t.title)) : all;
        if (!targets.length) fail(`No ${kind} target is configured (App store)`);
        if (dry) return { output: { dry: true, service: kind, targets: targets.map((t) => t.title), text: s.text } };
        for (const t of targets)
          await this.#http(
            "POST",
            t.webhook_url,
            { "content-type": "application/json" },
            chatBody(kind, String(s.text ?? "")),
          );
        return { output: { service: kind, targets: targets.map((t) => t.title) } };
      }
      case "http_request": {
        const headers: Record<string, string> = {};
        for (const h of (s.headers as Array<{ name: string; value: string }> | undefined) ?? [])
          headers[h.name] = String(h.value);
        const body =
          s.body === undefined || s.method === "GET"
            ? undefined
            : typeof s.body === "string"
              ? s.body
              : JSON.stringify(s.body);
        if (body !== undefined) headers["content-type"] ??= "application/json";
        if (dry) return { output: { dry: true, method: s.method, url: s.url, body } };
        return { output: await this.#http(String(s.method), String(s.url), headers, body) };
      }
      case "condition": {
        const passed = truthy(s.value);
        if (passed) return { output: { passed } };
        return step.otherwise === "skip"
          ? { output: { passed }, skip: Number(step.skip ?? 1) }
          : { output: { passed }, stop: true };
      }
      case "delay": {
        const ms =
          (Number(step.minutes ?? 0) * 60 + Number(step.hours ?? 0) * 3600 + Number(step.days ?? 0) * 86_400) * 1000;
        if (mode !== "run") return { output: { wait_ms: ms, dry: true } };
        return { output: { wait_ms: ms, until: new Date(Date.now() + ms).toISOString() }, until: Date.now() + ms };
      }
      case "formula": {
        const trigger = _context.trigger as RunTrigger;
        const table = String(s.table_id ?? trigger.table_id ?? "");
        const rowId = s.record_id ?? idOf(trigger.record);
        if (!table || rowId == null || rowId === "") fail("formula: no table or record to compute on");
        // The formula text is the step's own (its {Field} names are the formula's, not templates).
        const value = readingAs(this.store, reader, () =>
          evaluateFormula(this.store, table, String(step.formula), rowId),
        );
        return { output: { value } };
      }
    }
    return fail(`Unknown step type`);
  }

  /** One HTTP request by the webhooks' address rule (loopback only in local mode); a non-2xx fails. */
  async #http(method: string, url: string, headers: Record<string, string>, body?: string) {
    const check = await checkUrl(url, addressRule(this.env));
    if (!check.ok) fail(check.reason);
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(HTTP_TIMEOUT) });
    } catch (err) {
      return fail(
        err instanceof Error && err.name === "TimeoutError"
          ? `No answer within ${HTTP_TIMEOUT} ms`
          : String((err as Error)?.message ?? err),
      );
    }
    const text = (await res.text()).slice(0, EXCERPT);
    if (!res.ok) fail(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    return { status: res.status, body: parsed };
  }

  /**
   * "Test with a record": the steps run now on the record (or body) given, each step's input and
   * output answered. Dry (default): writes, mails, chats and requests are described, not done;
   * delays are not waited. Nothing is recorded as a run.
   */
  async test(automationId: string, input: AutomationTestInput): Promise<RoomResult<{ steps: StepRecord[] }>> {
    let a: AutomationRow;
    try {
      a = findAutomation(this.store, automationId);
    } catch {
      return { ok: false, status: 404, msg: "Automation not found" };
    }
    const t = triggerOf(a);
    const reader = this.#readerOf(a);
    const trigger: RunTrigger = { type: t.type, table_id: a.modelId, user: null, body: input.body, test: true };
    if (input.record_id !== undefined && a.modelId) {
      const got = await this.host.data().read({ op: "one", table: a.modelId, rowId: String(input.record_id) }, reader);
      if (!got.ok) return got;
      trigger.record = got.data as Record<string, unknown>;
    }
    const steps = stepsOf(a);
    const done: StepRecord[] = [];
    const key = settingsKey(this.env);
    for (let i = 0; i < steps.length; i++) {
      const step = await openStep(steps[i]!, key);
      const context = this.#context(trigger, done);
      let inputOf: unknown;
      try {
        inputOf = this.#input(step, context);
        const out = await this.#run(step, inputOf, context, a, 1, reader, input.mode === "real" ? "real" : "dry");
        done.push({ type: step.type, status: "succeeded", input: maskHeaders(inputOf), output: out.output });
        if (out.stop) {
          for (let k = i + 1; k < steps.length; k++) done.push({ type: steps[k]!.type, status: "skipped" });
          break;
        }
        for (let k = 0; k < (out.skip ?? 0) && i + 1 < steps.length; k++)
          done.push({ type: steps[++i]!.type, status: "skipped" });
      } catch (err) {
        done.push({ type: step.type, status: "failed", input: maskHeaders(inputOf), error: (err as Error).message });
        break;
      }
    }
    return { ok: true, data: { steps: done } };
  }
}

/** A test's answer shows header names, never their (opened) values. */
function maskHeaders(input: unknown): unknown {
  if (!input || typeof input !== "object" || !("headers" in input)) return input;
  const headers = (input as { headers?: Array<{ name: string }> }).headers;
  return { ...input, headers: headers?.map((h) => ({ name: h.name, value: "••••" })) };
}

/** A written record's key: its `Id`/`id` field, else the first value. */
function idOf(row: unknown): unknown {
  if (!row || typeof row !== "object") return null;
  const r = row as Record<string, unknown>;
  return r.Id ?? r.id ?? r.ID ?? Object.values(r)[0] ?? null;
}
