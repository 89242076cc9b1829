import { settingText as text } from "../common/setting-text";
import type { ComputedSettings } from "../types";

/** A lookup names a link of this table and the column of the linked table it shows. */
export const lookupSettings: ComputedSettings = {
  problem(options) {
    if (!text(options.fk_relation_column_id)) return "links.editor.needLink";
    return text(options.fk_lookup_column_id) ? null : "links.editor.needField";
  },
  create: (options) => ({
    fk_relation_column_id: text(options.fk_relation_column_id),
    fk_lookup_column_id: text(options.fk_lookup_column_id),
  }),
};
