import type { Attachment } from "../../../../db/fields/common/attachments";
import { mimeTypeOf } from "../../../lib/attachments/file-types";
import { withSignedFiles } from "../../../lib/attachments/sign-answer";
import { HttpError, badRequest } from "../../../lib/http-error";
import { clientAddress, countAttempt } from "../../../lib/rate-limit";
import { unwrap } from "../../../lib/room";
import { MAX_FILE_BYTES, MAX_FILES, checkFile, storeFiles, type Incoming } from "../../storage/store-files";
import { dataAs, type Ctx } from "../../data/context";
import { notifyFormOwner } from "../../data/form-mail";
import type { Shared } from "./access";
import { GATE_FIELDS, checkSpam, releaseStartToken, submitter } from "./gate";
import { shownColumns } from "./meta";
import { MAX_BODY_BYTES } from "../../../middleware/body-limit";
import { fieldType } from "../../../../db/fields/registry";

/** Submissions allowed per client address in a minute (none counted in local mode: no address). */
export const SUBMITS_PER_MINUTE = 30;
/** At most this many files in one submission, over all file fields. */
export const MAX_FILES_PER_SUBMISSION = 3 * MAX_FILES;

const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "_";

async function limitSubmits(c: Ctx) {
  const address = clientAddress(c);
  if (!address) return;
  const [n] = await countAttempt(c, [`form-submit:ip:${address}`]);
  if ((n ?? 0) > SUBMITS_PER_MINUTE) throw new HttpError(429, "Too many submissions, please try again in a minute");
}

/** `data`, the files and the other text parts (spam checks, gate.ts) of a multipart submission, or a JSON body as `data`. */
async function readSubmission(
  c: Ctx,
): Promise<{ data: Record<string, unknown>; files: Map<string, File[]>; fields: Map<string, string> }> {
  const type = c.req.header("content-type") ?? "";
  const files = new Map<string, File[]>();
  const fields = new Map<string, string>();
  let raw: unknown;
  if (type.startsWith("multipart/form-data")) {
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_FILES_PER_SUBMISSION * MAX_FILE_BYTES + 1024 * 1024)
      throw badRequest(
        `The submission is above ${MAX_FILES_PER_SUBMISSION} files of ${MAX_FILE_BYTES / 1024 / 1024} MB`,
      );
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest("The submission must be multipart/form-data with the record in `data`");
    }
    raw = form.get("data") ?? "{}";
    // The record goes to the project room whole: its text has the limit of any other body.
    if (typeof raw === "string" && raw.length > MAX_BODY_BYTES)
      throw new HttpError(413, `The record in \`data\` exceeds the limit of ${MAX_BODY_BYTES / 1024 / 1024} MB`);
    for (const [name, value] of form.entries() as unknown as Iterable<[string, File | string]>) {
      if (typeof value === "string" && name !== "data") fields.set(name, value);
      if (!name.startsWith("_") || typeof value === "string") continue;
      const title = name.slice(1).replace(/\[\]$/, "");
      files.set(title, [...(files.get(title) ?? []), value]);
    }
  } else {
    raw = await c.req.text();
  }
  let data: unknown;
  try {
    data = typeof raw === "string" ? (raw.trim() ? JSON.parse(raw) : {}) : {};
  } catch {
    throw badRequest("`data` is not valid JSON");
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw badRequest("`data` must be a JSON object of the record");
  const record = data as Record<string, unknown>;
  // A JSON body carries the gate's fields (honeypot, start token, Turnstile) beside the record.
  for (const name of GATE_FIELDS) {
    if (!Object.hasOwn(record, name)) continue;
    const value = record[name];
    if (!fields.has(name)) fields.set(name, typeof value === "string" ? value : JSON.stringify(value ?? ""));
    delete record[name];
  }
  return { data: record, files, fields };
}

/**
 * The form's project written as its creator's form allows (the form's rules, not a role, decide
 * what a visitor may write: db/views/form); the picker's records are checked in the room as a
 * visitor's (db/rows/submit-with-links.ts).
 */
const projectData = (c: Ctx, projectId: string) => dataAs(c, projectId, () => null);

/**
 * `POST /shared-view/{uuid}/rows` (contract 6): a form's record with its files. Files go only to
 * the form's shown Attachment fields and are checked (size, type, count) before any is stored; the
 * record then goes through the form's rules in the project room (only shown fields kept, required
 * rules, column rules) together with its link values, in one transaction; if the record is
 * refused, the files just stored are removed again. Before all that, the gate (gate.ts): who may
 * submit, then the spam checks.
 */
export async function submitShared(c: Ctx, s: Shared) {
  const actor = await submitter(c, s);
  await limitSubmits(c);
  const { data, files, fields } = await readSubmission(c);
  const start = await checkSpam(c, s, fields);
  const stored: Attachment[] = [];
  let inserted = false;
  try {
    // Only a submission with files needs the form's fields here (which of them take files).
    const cols = files.size ? await shownColumns(c, s) : [];
    const total = [...files.values()].reduce((n, f) => n + f.length, 0);
    if (total > MAX_FILES_PER_SUBMISSION)
      throw badRequest(`At most ${MAX_FILES_PER_SUBMISSION} files can be sent with one submission`);
    for (const [title, list] of files) {
      const col = cols.find((x) => x.title === title);
      if (!col || fieldType(col.uidt)?.kind !== "attachment")
        throw badRequest(`'${title}' is not a file field of this form`);
      if (list.length > MAX_FILES) throw badRequest(`At most ${MAX_FILES} files can be attached to ${title}`);
      const incoming: Incoming[] = await Promise.all(
        list.map(async (f, i) => ({
          title: f.name || `file-${i + 1}`,
          mimetype: mimeTypeOf(f.name, f.type),
          bytes: await f.arrayBuffer(),
        })),
      );
      incoming.forEach((f) => checkFile(f, "refuse"));
      const items = await storeFiles(c, incoming, `noco/${s.projectId}/${clean(s.tableId)}/${clean(col.id)}`);
      stored.push(...items);
      const before = Array.isArray(data[title]) ? (data[title] as unknown[]) : [];
      data[title] = [
        ...before,
        ...items.map(({ path, title: t, mimetype, size, thumbnail }) => ({
          path,
          title: t,
          mimetype,
          size,
          ...(thumbnail ? { thumbnail } : {}),
        })),
      ];
    }
    // One room call (db/data/shared-form.ts): the record and the links its answers name, in one
    // transaction (links per contract 6's submission rules; a hidden question's links are not
    // set), answered without the fields hidden from viewers.
    const { row, notify } = await unwrap(
      projectData(c, s.projectId).write(
        { op: "sharedFormSubmit", table: s.tableId, view: s.view.id, body: data },
        actor,
      ),
    );
    inserted = true;
    if (notify) c.executionCtx.waitUntil(notifyFormOwner(c, notify));
    return c.json(await withSignedFiles(c, row));
  } catch (err) {
    // Once the record is in, its files belong to it.
    if (inserted) throw err;
    const keys = stored.flatMap((f) =>
      [f.path, f.thumbnail]
        .filter((p): p is string => typeof p === "string" && p.startsWith("download/"))
        .map((p) => `nc/uploads/${p.slice("download/".length)}`),
    );
    if (keys.length) await c.env.ATTACHMENTS.delete(keys).catch(() => undefined);
    // A refused record (a rule, a file) may be corrected and sent again with the same token.
    await releaseStartToken(c, start).catch(() => undefined);
    throw err;
  }
}
