import { jsonObject } from "../../fields/column-options";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { bad, missing } from "../../errors";
import { viewColumns, type ViewColumnRow, type ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { tableColumns } from "../lookup";
import { metaText, readSub, viewOfType, writeSub } from "../sub-meta";
import { orderedViewColumns, syncViewColumns } from "../sync";
import type { updateFormColumnInput, updateFormInput } from "./inputs";
import type { FormImageItem } from "./images";
import { rulesProblem } from "./rules";

/** The form sub-view and its columns (contract 1.10 "Form", 4.4). Defaults: heading = view title. */
const baseId = (projectId: string) => `ds_${projectId.slice(2)}`;
const parse = (text: string | null | undefined) => {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function formJson(v: ViewRow, projectId: string) {
  const s = readSub(v);
  return {
    fk_view_id: v.id,
    base_id: baseId(projectId),
    project_id: projectId,
    heading: (s.heading as string | undefined) ?? v.title,
    subheading: (s.subheading as string | undefined) ?? null,
    success_msg: (s.success_msg as string | undefined) ?? null,
    redirect_url: (s.redirect_url as string | undefined) ?? null,
    redirect_after_secs: (s.redirect_after_secs as number | undefined) ?? null,
    email: Boolean(s.email),
    submit_another_form: Boolean(s.submit_another_form),
    show_blank_form: Boolean(s.show_blank_form),
    uuid: null,
    banner_image_url: (s.banner_image_url as string | FormImageItem | undefined) ?? null,
    logo_url: (s.logo_url as string | FormImageItem | undefined) ?? null,
    meta: (s.meta as string | undefined) ?? "{}",
  };
}

export function formColumnJson(vc: ViewColumnRow) {
  return {
    id: vc.id,
    fk_view_id: vc.viewId,
    fk_column_id: vc.columnId,
    uuid: null,
    label: vc.label,
    help: vc.help,
    description: vc.description,
    required: Boolean(vc.required),
    show: Boolean(vc.show),
    order: vc.order,
    meta: parse(vc.vcMeta),
    enable_scanner: Boolean(parse(vc.vcMeta).enable_scanner),
  };
}

export function readForm(store: ProjectStore, projectId: string, viewId: string) {
  const v = viewOfType(store, viewId, "form");
  syncViewColumns(store, v.modelId);
  const pv = tableColumns(store, v.modelId).find((c) => c.pv)?.id;
  return { ...formJson(v, projectId), columns: orderedViewColumns(store, v.id, pv).map(formColumnJson) };
}

export function updateForm(store: ProjectStore, viewId: string, input: z.infer<typeof updateFormInput>) {
  const v = viewOfType(store, viewId, "form");
  const sub = readSub(v);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    sub[key] = key === "meta" ? metaText(value) : value;
  }
  writeSub(store, v.id, sub);
  return 1;
}

export function updateFormColumn(
  store: ProjectStore,
  viewColumnId: string,
  input: z.infer<typeof updateFormColumnInput>,
) {
  const row = store.meta.select().from(viewColumns).where(eq(viewColumns.id, viewColumnId)).get();
  if (!row) throw missing("Form column not found");
  viewOfType(store, row.viewId, "form");
  const set: Partial<ViewColumnRow> = { updatedAt: new Date().toISOString() };
  if (input.label !== undefined) set.label = input.label === "" ? null : input.label;
  if (input.help !== undefined) set.help = input.help === "" ? null : input.help;
  if (input.description !== undefined) set.description = input.description;
  if (input.required !== undefined && input.required !== null) set.required = input.required ? 1 : 0;
  if (input.show !== undefined && input.show !== null) set.show = input.show ? 1 : 0;
  if (input.order !== undefined && input.order !== null) set.order = input.order;
  if (input.meta !== undefined || input.enable_scanner !== undefined) {
    const meta = input.meta === undefined ? parse(row.vcMeta) : jsonObject(metaText(input.meta));
    const problem = rulesProblem(meta, row.columnId);
    if (problem) throw bad(`meta: ${problem}`);
    if (input.enable_scanner !== undefined && input.enable_scanner !== null) meta.enable_scanner = input.enable_scanner;
    set.vcMeta = JSON.stringify(meta);
  }
  store.meta.update(viewColumns).set(set).where(eq(viewColumns.id, row.id)).run();
  return 1;
}
