import { createMailer } from "../../lib/mailer";
import type { Ctx } from "./context";

/**
 * "E-mail me on submit" of a form view: the view's creator (or, for a view nobody is recorded as
 * making, the project's owners) gets a note through the mailer. A failed send never fails the
 * submission, which is already saved.
 */
export async function notifyFormOwner(c: Ctx, notify: { creatorId: string | null; form: string; table: string }) {
  const projectId = c.get("project").id;
  const rows = notify.creatorId
    ? await c.env.META.prepare("SELECT email FROM users WHERE id = ?").bind(notify.creatorId).all<{ email: string }>()
    : await c.env.META.prepare(
        "SELECT u.email FROM users u JOIN project_users p ON p.user_id = u.id WHERE p.project_id = ? AND p.roles = 'owner'",
      )
        .bind(projectId)
        .all<{ email: string }>();
  const mailer = createMailer(c.env);
  for (const { email } of rows.results ?? []) {
    try {
      await mailer.send({
        to: email,
        subject: `New response to the form "${notify.form}"`,
        text: `A new record was submitted through the form "${notify.form}" of the table "${notify.table}".`,
      });
    } catch (err) {
      console.warn("form notification not sent:", err instanceof Error ? err.message : String(err));
    }
  }
}
