import { fieldType } from "../fields/registry";
import type { UIType } from "../fields/types";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import type { AttachmentEntry } from "./transfer-format";

/**
 * The uploads the project's rows name (attachments.json of a project .zip): one statement per
 * field that holds files (the field registry says which), over the cells that name an upload,
 * never a loop over rows in JavaScript. Links by URL only are not uploads and are left out.
 */
export function attachmentManifest(store: ProjectStore): AttachmentEntry[] {
  const out: AttachmentEntry[] = [];
  const models = store.exec("SELECT id, title, table_name FROM _nc_models");
  for (const m of models) {
    const cols = store.exec(
      "SELECT title, column_name, uidt, pk FROM _nc_columns WHERE fk_model_id = ? ORDER BY sort_order",
      String(m.id),
    );
    const pk = cols.find((c) => c.pk && c.column_name)?.column_name;
    for (const c of cols) {
      if (!c.column_name || !fieldType(String(c.uidt) as UIType)?.storedFiles) continue;
      const cell = `_t.${quoteIdent(String(c.column_name))}`;
      const record = pk ? `_t.${quoteIdent(String(pk))}` : "_t.rowid";
      const rows = store.exec(
        `SELECT ${record} AS record, _f.value ->> '$.path' AS path, _f.value ->> '$.thumbnail' AS thumbnail,
                _f.value ->> '$.title' AS name, _f.value ->> '$.size' AS size, _f.value ->> '$.mimetype' AS mimetype
         FROM ${quoteIdent(String(m.table_name))} AS _t,
              json_each(CASE WHEN json_valid(${cell}) AND json_type(${cell}) = 'array' THEN ${cell} ELSE '[]' END) AS _f
         WHERE ${cell} LIKE '%download/%' AND _f.type = 'object' AND (_f.value ->> '$.path') LIKE 'download/%'`,
      );
      for (const r of rows)
        out.push({
          path: String(r.path),
          thumbnail: typeof r.thumbnail === "string" ? r.thumbnail : null,
          name: r.name === null ? null : String(r.name),
          size: typeof r.size === "number" ? r.size : null,
          mimetype: r.mimetype === null ? null : String(r.mimetype),
          table: String(m.title),
          field: String(c.title),
          record: r.record as string | number,
        });
    }
  }
  return out;
}
