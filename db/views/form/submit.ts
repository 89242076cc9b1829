import { insertOne } from "../../rows/api";
import type { Actor } from "../../rows/audit";
import { tableRef } from "../../rows/table-ref";
import type { ProjectStore } from "../../store/store";
import { formSubmission } from "./submission";

/**
 * A record sent through a form view (`POST .../views/{formView}`): only the form's shown fields are
 * kept; a question whose conditions (conditions.ts) do not hold on the earlier answers is dropped
 * with its value and is not required; the required rules (required.ts) and each question's
 * validation (validate.ts, the builder's message) are checked before anything is written
 * (submission.ts, shared with an external database's tables). The answer says whether the
 * view's creator asked for an e-mail on each submission, and which columns were hidden by
 * conditions (the public route then sets none of their links).
 */
export function submitForm(store: ProjectStore, tableKey: string, viewKey: string, body: unknown, actor: Actor) {
  const t = tableRef(store, tableKey);
  const form = formSubmission(store, t.model, viewKey, body, t.cols, t.virtual);
  if (!form) return { row: insertOne(store, tableKey, body, actor), notify: null, hiddenColumns: [] as string[] };
  const row = insertOne(store, tableKey, form.kept, actor);
  return { row, notify: form.notify, hiddenColumns: form.hiddenColumns };
}
