import type { ColumnPayload } from "../../api/types";
import { LINK_TYPES } from "../../links/computed-field-settings";
import { settingText as text } from "../common/setting-text";
import type { ComputedSettings } from "../types";

/** A new link names the other table and the relation (has-many unless chosen). */
export const linkSettings: ComputedSettings = {
  problem: (options) => (text(options.fk_related_model_id) ? null : "links.editor.needTable"),
  create(options) {
    const type = (LINK_TYPES as readonly string[]).includes(text(options.type))
      ? (options.type as ColumnPayload["type"])
      : "hm";
    return { childId: text(options.fk_related_model_id), type };
  },
  // A belongs-to link is required exactly when its key column is (SPEC 5).
  edit: (_options, original, rqd) => (original.colOptions?.type === "bt" ? { rqd } : {}),
};
