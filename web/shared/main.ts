import "../styles.css";
import { ApiError, getJson, savePassword, savedPassword } from "./api";
import { h } from "./dom";
import { renderForm } from "./form";
import type { SharedMeta } from "./meta";
import { SHARED_VIEW_RELOAD_KEY } from "../lib/shared-view-reload";
import { loadLanguage, t } from "./text";
import { renderCalendar } from "./calendar";
import { renderTimeline } from "./timeline";
import { renderGrid } from "./grid";
import { renderGallery, renderKanban } from "./views";

/**
 * The visitor's entry (SPEC 2, 4, 8): `/{projectType}/{form|survey|gallery|kanban|view}/{uuid}`
 * (a grid or a calendar is `view`),
 * split from the app so a shared form loads only this. States: loading, not found, password
 * required (the dialog), ready.
 */
const [, , kind = "", uuid = ""] = location.pathname.split("/").map(decodeURIComponent);
const root = document.getElementById("shared-root")!;
const page = h("main", { class: "mx-auto w-full max-w-3xl px-4 py-8" });
root.replaceChildren(page);

const message = (text: string) =>
  page.replaceChildren(
    h("div", { class: "rounded-lg bg-white p-6 text-center shadow", role: "status" }, h("p", {}, text)),
  );

function expired() {
  page.replaceChildren(
    h(
      "div",
      { class: "rounded-lg bg-white p-6 text-center shadow", role: "status", "data-state": "expired" },
      h("h1", { class: "mb-2 text-lg font-semibold" }, t("sharedView.expiredTitle")),
      h("p", {}, t("sharedView.expired")),
    ),
  );
}

function passwordDialog(wrong: boolean) {
  const field = h("input", {
    type: "password",
    id: "share-password",
    class: "w-full rounded border border-gray-300 px-3 py-2",
    autocomplete: "current-password",
  });
  const error = h(
    "p",
    { class: "mt-2 text-sm text-red-700", role: "alert", hidden: !wrong },
    t("sharedView.wrongPassword"),
  );
  // The error goes once the visitor changes what they typed (SPEC 8).
  field.addEventListener("input", () => (error.hidden = true));
  const dialog = h(
    "form",
    {
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "share-password-title",
      class: "mx-auto max-w-sm rounded-lg bg-white p-6 shadow",
    },
    h("h1", { id: "share-password-title", class: "mb-4 text-lg font-semibold" }, t("sharedView.passwordTitle")),
    h("label", { for: "share-password", class: "mb-1 block text-sm" }, t("sharedView.passwordLabel")),
    field,
    error,
    h(
      "button",
      { type: "submit", class: "mt-4 w-full rounded bg-blue-600 px-4 py-2 font-medium text-white" },
      t("sharedView.passwordSubmit"),
    ),
  );
  dialog.addEventListener("submit", (e) => {
    e.preventDefault();
    savePassword(uuid, field.value);
    void open();
  });
  page.replaceChildren(dialog);
  field.focus();
}

function applyOptions(meta: SharedMeta) {
  if (meta.meta.rtl) document.documentElement.dir = "rtl";
  const theme = meta.meta.withTheme !== false ? meta.meta.theme : null;
  if (theme?.primaryColor) document.documentElement.style.setProperty("--share-primary", theme.primaryColor);
  if (theme?.accentColor) document.documentElement.style.setProperty("--share-accent", theme.accentColor);
  document.title = String(meta.view.heading ?? meta.title);
}

async function open() {
  message(t("sharedView.loading"));
  let meta: SharedMeta;
  try {
    meta = await getJson<SharedMeta>(uuid, "/meta");
  } catch (err) {
    if (err instanceof ApiError && err.message === "INVALID_SHARED_VIEW_PASSWORD")
      return passwordDialog(savedPassword(uuid) !== "");
    if (err instanceof ApiError && err.status === 429) return message(err.message);
    // An expired link (the share's expiry time has passed): its own state, not "not found".
    if (err instanceof ApiError && err.status === 410) return expired();
    return message(t("sharedView.notFound"));
  }
  applyOptions(meta);
  try {
    if (meta.type === 1) renderForm(page, uuid, meta, kind === "survey" || Boolean(meta.meta.surveyMode));
    else if (meta.type === 2) await renderGallery(page, uuid, meta);
    else if (meta.type === 4) await renderKanban(page, uuid, meta);
    else if (meta.type === 3) await renderGrid(page, uuid, meta);
    else if (meta.type === 6) await renderCalendar(page, uuid, meta);
    else if (meta.type === 7) await renderTimeline(page, uuid, meta);
    else message(t("sharedView.notFound"));
  } catch {
    message(t("sharedView.errorGeneric"));
  }
}

// The app may have loaded this page for an in-app link (pages/shared): it ran, so no loop to fear.
sessionStorage.removeItem(SHARED_VIEW_RELOAD_KEY);
void loadLanguage().then(() => (uuid ? open() : message(t("sharedView.notFound"))));
