import { ROLLUP_FUNCTIONS } from "../../../db/fields/Rollup";
import { settingText as text } from "../common/setting-text";
import type { ComputedSettings } from "../types";

/** A rollup names a link of this table, the column of the linked table and the function over it. */
export const rollupSettings: ComputedSettings = {
  problem(options) {
    if (!text(options.fk_relation_column_id)) return "links.editor.needLink";
    if (!text(options.fk_rollup_column_id)) return "links.editor.needField";
    return (ROLLUP_FUNCTIONS as readonly string[]).includes(text(options.rollup_function))
      ? null
      : "links.editor.needFunction";
  },
  create: (options) => ({
    fk_relation_column_id: text(options.fk_relation_column_id),
    fk_rollup_column_id: text(options.fk_rollup_column_id),
    rollup_function: text(options.rollup_function),
  }),
};
