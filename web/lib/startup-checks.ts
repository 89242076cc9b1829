/**
 * Start-up bookkeeping of the local settings (SPEC 3, SPEC 4 "Feedback form polling"). Rules:
 * - The feedback form is polled when it never was, or when the last poll is more than a day old
 *   (or unreadable). Every answered poll records its date, so a page load polls at most daily.
 * - An answer carrying `error` is honoured: nothing of the stored form changes but the date.
 * - Otherwise url and created_at are kept; the form stays hidden only when the url is unchanged.
 * - currentVersion follows the server's app info; latestRelease and hiddenRelease are kept as stored.
 * - A failed call changes nothing (the next start-up tries again).
 */
import type { FeedbackFormSettings, LocalSettings } from "./settings";

export const FEEDBACK_POLL_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const FEEDBACK_FORM_PATH = "/api/v1/feedback_form";

export interface FeedbackAnswer {
  url?: unknown;
  created_at?: unknown;
  error?: unknown;
}

export function feedbackDue(form: FeedbackFormSettings, now: number): boolean {
  const last = form.lastFormPollDate ? Date.parse(form.lastFormPollDate) : NaN;
  return Number.isNaN(last) || now - last > FEEDBACK_POLL_INTERVAL_MS;
}

export function nextFeedbackForm(
  prev: FeedbackFormSettings,
  answer: FeedbackAnswer | null,
  now: number,
): FeedbackFormSettings {
  const polledAt = new Date(now).toISOString();
  if (!answer || typeof answer !== "object" || answer.error) return { ...prev, lastFormPollDate: polledAt };
  const url = typeof answer.url === "string" && answer.url !== "" ? answer.url : null;
  return {
    url,
    createdAt: typeof answer.created_at === "string" ? answer.created_at : null,
    isHidden: prev.isHidden && prev.url === url,
    lastFormPollDate: polledAt,
  };
}

export interface StartupDeps {
  settings: { get(): LocalSettings; update(patch: Partial<LocalSettings>): LocalSettings };
  getFeedbackForm(): Promise<FeedbackAnswer>;
  getVersion(): Promise<string | null>;
  now(): number;
}

export async function runStartupChecks(deps: StartupDeps): Promise<void> {
  const version = await deps.getVersion().catch(() => null);
  if (version && version !== deps.settings.get().currentVersion) deps.settings.update({ currentVersion: version });
  if (!feedbackDue(deps.settings.get().feedbackForm, deps.now())) return;
  let answer: FeedbackAnswer;
  try {
    answer = await deps.getFeedbackForm();
  } catch {
    return;
  }
  deps.settings.update({ feedbackForm: nextFeedbackForm(deps.settings.get().feedbackForm, answer, deps.now()) });
}
