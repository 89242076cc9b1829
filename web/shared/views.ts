import { coverUrl } from "../views/shared/cover";
import { downloadCsv, getJson } from "./api";
import { cellContent } from "./cells";
import { h, toast } from "./dom";
import type { FormColumn } from "./inputs";
import type { SharedMeta } from "./meta";
import { t } from "./text";

type Row = Record<string, unknown>;

/** The view's shown fields in its order. */
export const shown = (meta: SharedMeta) =>
  meta.model.columns.filter((c) => c.show).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

export function toolbar(uuid: string, meta: SharedMeta) {
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
  // Signed links only (#33.7): the server signs the items of every row read (sign-answer.ts).
  const src = cover ? coverUrl(row[cols.find((c) => c.id === cover)?.title ?? ""]) : null;
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
          h("dd", { class: "mb-1" }, cellContent(c.uidt, row[c.title])),
        ]),
    ),
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
