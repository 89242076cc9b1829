import { h } from "./dom";
import type { SharedMeta } from "./meta";
import { signInUrl, storedToken } from "./session";
import { t } from "./text";

/**
 * The visitor's side of the submission gate (functions/resources/public/shared-view/gate.ts):
 * - who may submit: a form for signed-in users or members shows a sign-in link instead of the
 *   form when this browser has no session of the app, and after a 401 or 403 answer;
 * - a honeypot field people never see or reach (bots that fill every input give themselves away);
 * - the start token the meta carried, sent back as it was, no sooner than the minimum fill time
 *   after the form opened (a person who is quicker waits the rest, rather than being refused);
 * - Cloudflare Turnstile's widget when the app store has its keys (the script loads only then).
 * Nothing about the visitor is stored.
 */
interface Turnstile {
  render(
    el: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void; language?: string },
  ): string;
  reset(id?: string): void;
}

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

export interface FormGate {
  /** Elements to put at the end of the form, before its submit button. */
  elements: HTMLElement[];
  /** The extra multipart fields of a submission. */
  parts(): Record<string, string>;
  /** After a refused submission: a Turnstile answer is good once. */
  reset(): void;
  /** Resolves once the minimum fill time since the form opened has passed. */
  ready(): Promise<void>;
}

function loadTurnstile(): Promise<Turnstile> {
  const w = window as unknown as { turnstile?: Turnstile };
  if (w.turnstile) return Promise.resolve(w.turnstile);
  return new Promise((resolve, reject) => {
    const script = h("script", { src: TURNSTILE_SCRIPT, async: true });
    script.addEventListener("load", () => (w.turnstile ? resolve(w.turnstile) : reject(new Error("turnstile"))));
    script.addEventListener("error", () => reject(new Error("turnstile")));
    document.head.append(script);
  });
}

export function formGate(meta: SharedMeta): FormGate {
  const opened = Date.now();
  // A little over the minimum: the server measures from when it signed the token.
  const readyAt = opened + (meta.form_min_fill_seconds ?? 0) * 1000 + (meta.form_min_fill_seconds ? 300 : 0);
  const honeypot = h("input", { type: "text", name: "gb_hp", tabindex: "-1", autocomplete: "off", id: "gb-hp" });
  // Off screen rather than display:none (some bots skip hidden inputs); out of the tab order and
  // hidden from assistive technology, so no person fills it.
  const trap = h(
    "div",
    { "aria-hidden": "true", style: "position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden" },
    h("label", { for: "gb-hp" }, t("sharedView.leaveEmpty")),
    honeypot,
  );
  const elements: HTMLElement[] = [trap];
  let answer = "";
  let widget: string | undefined;
  let api: Turnstile | undefined;
  if (meta.turnstile_site_key) {
    const box = h("div", { class: "mb-4", "data-turnstile": "" });
    elements.push(box);
    loadTurnstile()
      .then((ts) => {
        api = ts;
        widget = ts.render(box, {
          sitekey: meta.turnstile_site_key!,
          language: document.documentElement.lang || undefined,
          callback: (token) => (answer = token),
          "expired-callback": () => (answer = ""),
        });
      })
      .catch(() =>
        box.replaceChildren(
          h("p", { class: "text-sm text-red-700", role: "alert" }, t("sharedView.spamCheckUnavailable")),
        ),
      );
  }
  return {
    elements,
    parts: () => ({
      gb_hp: honeypot.value,
      ...(meta.form_start ? { gb_start: meta.form_start } : {}),
      ...(answer ? { "cf-turnstile-response": answer } : {}),
    }),
    reset: () => {
      answer = "";
      if (api && widget !== undefined) api.reset(widget);
    },
    ready: () => new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt - Date.now()))),
  };
}

/** Whether this form needs a session the browser does not have (then the sign-in notice shows). */
export const needsSignIn = (meta: SharedMeta) =>
  (meta.meta.submitAccess === "signedIn" || meta.meta.submitAccess === "members") && !storedToken();

/** The notice in place of a form: sign in first (status 401), or only members may send it (403). */
export function signInNotice(kind: "signIn" | "members"): HTMLElement {
  return h(
    "div",
    { class: "rounded-lg bg-white p-6 text-center shadow", role: "status", "data-sign-in": kind },
    h("p", { class: "mb-4" }, t(kind === "members" ? "sharedView.membersOnly" : "sharedView.signInToSubmit")),
    h(
      "a",
      {
        href: signInUrl(),
        class: "inline-block rounded bg-[var(--share-primary,#2563eb)] px-4 py-2 font-medium text-white",
      },
      t("sharedView.signIn"),
    ),
  );
}
