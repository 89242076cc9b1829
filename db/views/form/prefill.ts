/**
 * Prefill from the link: `?Title=...&Status=...` names a question by its field title or id and
 * gives the answer in the field's text form (what a paste into a cell takes). Titles match
 * exactly first, then ignoring case. The builder's copy-link helper writes such a link.
 */
export interface PrefillTarget {
  id: string;
  title: string;
}

/** The texts a query string gives, by column id; unknown names and empty values are left out. */
export function prefillTexts(fields: readonly PrefillTarget[], search: string | URLSearchParams): Map<string, string> {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const out = new Map<string, string>();
  for (const [name, value] of params) {
    if (value === "") continue;
    const f =
      fields.find((x) => x.id === name || x.title === name) ??
      fields.find((x) => x.title.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (f && !out.has(f.id)) out.set(f.id, value);
  }
  return out;
}

/** A form link with its prefill query: titles as names, blank samples left out. */
export function prefillLink(base: string, samples: ReadonlyArray<readonly [title: string, text: string]>): string {
  const params = new URLSearchParams();
  for (const [title, text] of samples) if (text.trim() !== "") params.append(title, text);
  const query = params.toString();
  return query ? `${base}${base.includes("?") ? "&" : "?"}${query}` : base;
}

/**
 * A form's record template (issue 37) as the texts its questions start with, by column id: the
 * same text forms as a link's prefill (a multi-select's options joined by commas, a checkbox as
 * true / false). A link's prefill wins over it; the visitor may change either.
 */
export function templateTexts(values: Record<string, unknown> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined) continue;
    const text = Array.isArray(value)
      ? value.join(",")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
    if (text !== "") out.set(id, text);
  }
  return out;
}
