import { downloadCsv, getJson } from "./api";
import { h, toast } from "./dom";
import type { FormColumn } from "./inputs";
import type { SharedMeta } from "./meta";
import { t } from "./text";

type Row = Record<string, unknown>;

/** A cell as text: attachments by title, links by their display value, lists joined. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v))
    return v
      .map((x) =>
        x && typeof x === "object" ? String((x as Row).title ?? Object.values(x as Row)[1] ?? "") : String(x),
      )
      .join(", ");
  if (typeof v === "object") return String(Object.values(v as Row)[1] ?? "");
  return String(v);
}

const shown = (meta: SharedMeta) =>
  meta.model.columns.filter((c) => c.show).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

function toolbar(uuid: string, meta: SharedMeta) {
  return h(
    "div",
    { class: "mb-4 flex items-center justify-between gap-3" },
    h("h1", { class: "text-xl font-semibold" }, meta.title),
    meta.meta.allowCSVDownload
      ? h(
          "div",
          { class: "flex gap-2" },
          h(
            "button",
            {
              type: "button",
              class: "rounded border px-3 py-1 text-sm",
              onclick: () => downloadCsv(uuid).catch(() => toast(t("sharedView.errorGeneric"), "error")),
            },
            t("sharedView.downloadCsv"),
          ),
          h(
            "button",
            {
              type: "button",
              class: "rounded border px-3 py-1 text-sm",
              onclick: () => downloadCsv(uuid, "excel").catch(() => toast(t("sharedView.errorGeneric"), "error")),
            },
            t("sharedView.downloadExcel"),
          ),
        )
      : null,
  );
}

function card(row: Row, cols: FormColumn[], cover?: string) {
  const files = cover
    ? (row[cover] as Array<{ signedUrl?: string; signedPath?: string; url?: string; mimetype?: string }> | null)
    : null;
  const image = files?.find((f) => f.mimetype?.startsWith("image/"));
  const src = image ? (image.signedUrl ?? (image.signedPath ? `/${image.signedPath}` : image.url)) : undefined;
  return h(
    "article",
    { class: "overflow-hidden rounded-lg bg-white shadow", "data-card": "" },
    src ? h("img", { src, alt: "", class: "h-32 w-full object-cover" }) : null,
    h(
      "dl",
      { class: "p-3 text-sm" },
      ...cols
        .filter((c) => c.id !== cover)
        .flatMap((c) => [
          h("dt", { class: "text-xs text-gray-500" }, c.title),
          h("dd", { class: "mb-1" }, cellText(row[c.title])),
        ]),
    ),
  );
}

/** A shared grid: the view's rows as a read-only table. */
export async function renderGrid(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const cols = shown(meta);
  const page = await getJson<{ list: Row[] }>(uuid, "/rows?limit=100");
  const table = h(
    "table",
    { class: "w-full border-collapse bg-white text-sm" },
    h(
      "thead",
      {},
      h("tr", {}, ...cols.map((c) => h("th", { class: "border-b px-3 py-2 text-start font-medium" }, c.title))),
    ),
    h(
      "tbody",
      {},
      ...page.list.map((r) =>
        h("tr", {}, ...cols.map((c) => h("td", { class: "border-b px-3 py-2" }, cellText(r[c.title])))),
      ),
    ),
  );
  root.replaceChildren(
    toolbar(uuid, meta),
    page.list.length ? h("div", { class: "overflow-x-auto" }, table) : h("p", {}, t("sharedView.noRows")),
  );
}

/** A shared gallery: one card per row, the cover image on top. */
export async function renderGallery(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const page = await getJson<{ list: Row[] }>(uuid, "/rows?limit=100");
  const cols = shown(meta);
  root.replaceChildren(
    toolbar(uuid, meta),
    page.list.length
      ? h(
          "div",
          { class: "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" },
          ...page.list.map((r) => card(r, cols, meta.view.fk_cover_image_col_id)),
        )
      : h("p", {}, t("sharedView.noRows")),
  );
}

/** A shared kanban: a read-only stack per option of the grouping field. */
export async function renderKanban(root: HTMLElement, uuid: string, meta: SharedMeta) {
  const group = meta.view.fk_grp_col_id;
  const groups = group
    ? await getJson<Array<{ key: string | null; value: { list: Row[] } }>>(uuid, `/group/${group}?limit=50`)
    : [];
  const cols = shown(meta);
  root.replaceChildren(
    toolbar(uuid, meta),
    h(
      "div",
      { class: "flex gap-4 overflow-x-auto pb-4" },
      ...groups.map((g) =>
        h(
          "section",
          { class: "w-72 shrink-0 rounded-lg bg-gray-100 p-2", "data-stack": g.key ?? "" },
          h("h2", { class: "mb-2 px-1 font-medium" }, g.key ?? t("sharedView.ungrouped")),
          h(
            "div",
            { class: "flex flex-col gap-2" },
            ...g.value.list.map((r) => card(r, cols, meta.view.fk_cover_image_col_id)),
          ),
        ),
      ),
    ),
  );
}
