import { askedInForms, dateAnswer, formDateFormat, formInputOfType } from "../../db/fields/form-inputs";
import { formatDate, parseDateText } from "../../db/fields/common/dates";
import type { FormInput, ValueKind } from "../../db/fields/types";
import { getJson } from "./api";
import { h, toast } from "./dom";
import { t } from "./text";

export interface FormColumn {
  id: string;
  title: string;
  uidt: string;
  label?: string | null;
  help?: string | null;
  description?: string | null;
  required?: boolean;
  rqd?: boolean;
  cdf?: string | null;
  pk?: boolean;
  pv?: boolean;
  ai?: boolean;
  show?: boolean;
  order?: number;
  meta?: unknown;
  colOptions?: { options?: Array<{ title: string }>; type?: string; fk_related_model_id?: string } | string | null;
  /** For a link field: the related table's display field (from the meta's relatedMetas). */
  display?: string;
}

/** One question's control: reads its value, takes a prefilled text, locks, and focuses. */
export interface Control {
  el: HTMLElement;
  /** The kind of value it gives (the registry's kind of its type), for the form's conditions and rules. */
  kind: ValueKind;
  value(): unknown;
  files?(): File[];
  /** Sets the answer from its text form (a prefill link); false when this control takes no text. */
  set(text: string): boolean;
  /** Prefilled and locked: the visitor sees the answer and cannot change it. */
  lock(): void;
  focus(): void;
}

const opts = (c: FormColumn) => {
  const o = typeof c.colOptions === "string" ? (JSON.parse(c.colOptions) as FormColumn["colOptions"]) : c.colOptions;
  return (o && typeof o === "object" ? o : {}) as Exclude<FormColumn["colOptions"], string | null | undefined>;
};

/** The registry's form control of the column's type; a type this build does not know is asked as text. */
export const formInputOf = (c: FormColumn): FormInput => formInputOfType(c.uidt);

/** Fields a visitor fills; computed and system types are shown nowhere in a form. */
export const fillable = (c: FormColumn) => askedInForms(c);

const input = (type: string, extra: Record<string, unknown> = {}) =>
  h("input", { type, class: "w-full rounded border border-gray-300 px-3 py-2", ...extra });

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function simple(
  el: Field,
  kind: ValueKind,
  read: (v: string) => unknown = (v) => (v === "" ? null : v),
  write: (text: string) => string = (x) => x,
): Control {
  return {
    el,
    kind,
    value: () => read(el.value),
    focus: () => el.focus(),
    set: (text) => ((el.value = write(text)), true),
    lock: () => (el instanceof HTMLSelectElement ? (el.disabled = true) : (el.readOnly = true)),
  };
}

const TRUE_TEXTS = new Set(["true", "1", "yes", "on", "checked", "x"]);
/** `2026-01-02T10:30:00Z` or `2026-01-02 10:30` as a datetime-local input takes it. */
const localDateTime = (text: string) => {
  const d = new Date(text.includes("T") || text.includes(" ") ? text.replace(" ", "T") : `${text}T00:00`);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const num = (v: string) => (v === "" ? null : Number(v));

/** A link field: a search over the related table's records (public nested route), picked ones as chips. */
function linkControl(uuid: string, c: FormColumn, id: string): Control {
  const picked: Array<Record<string, unknown>> = [];
  const chips = h("div", { class: "flex flex-wrap gap-2" });
  const results = h("ul", {
    class: "mt-1 max-h-48 overflow-auto rounded border border-gray-200 bg-white",
    hidden: true,
    role: "listbox",
  });
  const search = input("search", { id, placeholder: t("sharedView.search"), "aria-label": t("sharedView.pickRecord") });
  const single = opts(c).type === "bt";
  const label = (r: Record<string, unknown>) =>
    String((c.display ? r[c.display] : undefined) ?? Object.values(r)[0] ?? "");
  const redraw = () => {
    // The form's conditions listen for changes; a pick is one.
    queueMicrotask(() => chips.dispatchEvent(new Event("change", { bubbles: true })));
    chips.replaceChildren(
      ...picked.map((r, i) =>
        h(
          "span",
          { class: "inline-flex items-center gap-1 rounded bg-gray-100 px-2 py-1 text-sm", "data-picked": "" },
          label(r),
          h(
            "button",
            {
              type: "button",
              "aria-label": t("sharedView.remove"),
              class: "text-gray-500",
              onclick: () => {
                picked.splice(i, 1);
                redraw();
              },
            },
            "×",
          ),
        ),
      ),
    );
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = search.value.trim();
      const where = q && c.display ? `&where=${encodeURIComponent(`(${c.display},like,%${q}%)`)}` : "";
      const page = await getJson<{ list: Array<Record<string, unknown>> }>(
        uuid,
        `/nested/${c.id}?limit=10${where}`,
      ).catch(() => ({ list: [] }));
      results.hidden = false;
      results.replaceChildren(
        ...page.list.map((r) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                role: "option",
                class: "w-full px-3 py-1 text-start hover:bg-gray-100",
                onclick: () => {
                  const pk = JSON.stringify(r);
                  if (picked.some((p) => JSON.stringify(p) === pk))
                    return toast(t("msg.info.valueAlreadyInList"), "error");
                  if (single) picked.length = 0;
                  picked.push(r);
                  redraw();
                  clearTimeout(timer);
                  results.hidden = true;
                },
              },
              label(r),
            ),
          ),
        ),
      );
    }, 200);
  };
  search.addEventListener("focus", load);
  search.addEventListener("input", load);
  return {
    el: h("div", {}, chips, search, results),
    kind: "text",
    value: () => (single ? (picked[0] ?? null) : picked.length ? picked : null),
    focus: () => search.focus(),
    set: () => false,
    lock: () => (search.disabled = true),
  };
}

/** The control of each field type a visitor can fill. */
export function controlFor(uuid: string, c: FormColumn, id: string): Control {
  const kind = formInputOf(c);
  switch (kind) {
    case "textarea": {
      const el = h("textarea", { id, rows: 4, class: "w-full rounded border border-gray-300 px-3 py-2" });
      return simple(el, "text");
    }
    case "integer":
    case "number":
      return simple(input("number", { id, step: kind === "integer" ? "1" : "any" }), "number", num);
    case "rating": {
      const el = input("number", { id, min: 0, max: 10, step: 1 });
      return simple(el, "number", num);
    }
    case "checkbox": {
      const el = input("checkbox", { id, class: "h-5 w-5" });
      return {
        el,
        kind: "checkbox",
        value: () => el.checked,
        focus: () => el.focus(),
        set: (text) => ((el.checked = TRUE_TEXTS.has(text.trim().toLowerCase())), true),
        // A locked box must not change on click; disabled would also keep it out of focus order, which is right.
        lock: () => (el.disabled = true),
      };
    }
    case "date": {
      // Typed in the column's format (as the builder's preview asks it), sent as stored.
      const format = formDateFormat(c.meta);
      const el = input("text", { id, placeholder: format, inputmode: "numeric", autocomplete: "off" });
      const shown = (x: string) => {
        const parsed = parseDateText(x.trim(), format);
        return parsed ? formatDate(parsed.date, format) : x.trim();
      };
      return simple(el, "date", (v) => dateAnswer(v, format), shown);
    }
    case "datetime":
      return simple(
        input("datetime-local", { id }),
        "datetime",
        (v) => (v ? new Date(v).toISOString() : null),
        localDateTime,
      );
    case "time":
      return simple(input("time", { id }), "time");
    case "email":
      return simple(input("email", { id }), "text");
    case "url":
      return simple(input("url", { id }), "text");
    case "tel":
      return simple(input("tel", { id }), "text");
    case "select": {
      const options = opts(c).options ?? [];
      const el = h(
        "select",
        { id, class: "w-full rounded border border-gray-300 px-3 py-2" },
        h("option", { value: "" }, ""),
        ...options.map((o) => h("option", { value: o.title }, o.title)),
      );
      // A prefilled option matches its title in any case.
      return simple(
        el,
        "select",
        undefined,
        (x) => options.find((o) => o.title.toLowerCase() === x.trim().toLowerCase())?.title ?? "",
      );
    }
    case "multiselect": {
      const boxes = (opts(c).options ?? []).map((o) => ({
        o,
        box: input("checkbox", { class: "h-4 w-4", value: o.title }) as HTMLInputElement,
      }));
      const el = h(
        "div",
        { id, role: "group", class: "flex flex-wrap gap-3" },
        ...boxes.map(({ o, box }) => h("label", { class: "inline-flex items-center gap-1" }, box, o.title)),
      );
      return {
        el,
        kind: "multi",
        value: () => {
          const v = boxes.filter((b) => b.box.checked).map((b) => b.o.title);
          return v.length ? v.join(",") : null;
        },
        focus: () => boxes[0]?.box.focus(),
        set: (text) => {
          const wanted = text.split(",").map((x) => x.trim().toLowerCase());
          for (const b of boxes) b.box.checked = wanted.includes(b.o.title.toLowerCase());
          return true;
        },
        lock: () => boxes.forEach((b) => (b.box.disabled = true)),
      };
    }
    case "file": {
      const el = input("file", { id, multiple: true }) as HTMLInputElement;
      return {
        el,
        kind: "attachment",
        value: () => null,
        files: () => Array.from(el.files ?? []),
        focus: () => el.focus(),
        set: () => false,
        lock: () => (el.disabled = true),
      };
    }
    case "link":
      return linkControl(uuid, c, id);
    default:
      return simple(input("text", { id }), "text");
  }
}
