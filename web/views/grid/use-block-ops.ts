/** Paste, clear and delete over a block of rows: fetch the rows, plan, write (one bulk request each). */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/toast";
import type { RowStore } from "./data/row-store";
import { MAX_BLOCK_ROWS } from "./data/row-writes";
import type { GridWrites } from "./data/use-grid-writes";
import type { GridFieldView } from "./grid-field";
import { pasteShape, planClear, planPaste } from "./logic/paste-plan";
import { rectRows, type Rect } from "./logic/selection";
import { parseTsv } from "./logic/tsv";

interface Options {
  store: RowStore;
  fields: readonly GridFieldView[];
  keyTitle: string;
  writes: GridWrites;
  canEdit: boolean;
  canInsert: boolean;
}

export function useBlockOps({ store, fields, keyTitle, writes, canEdit, canInsert }: Options) {
  const { t } = useTranslation();
  const total = store.totalRows ?? 0;
  const codecs = fields.map((f) => f.codec);

  const tooMany = useCallback(() => notify.error(t("grid.tooManyRows", { max: MAX_BLOCK_ROWS }), "grid-too-many"), [t]);

  /** Pastes at the range's top-left; the pasted block's height, or 0 when nothing was written. */
  const paste = useCallback(
    async (text: string, rect: Rect) => {
      if (!canEdit) {
        notify.info(t("grid.readOnly"), "grid-read-only");
        return 0;
      }
      const grid = parseTsv(text);
      const { height } = pasteShape(grid, rect);
      if (height > MAX_BLOCK_ROWS) {
        tooMany();
        return 0;
      }
      const lastExisting = Math.min(total - 1, rect.top + height - 1);
      const rows = lastExisting >= rect.top ? await store.loadRange(rect.top, lastExisting) : [];
      const plan = planPaste({
        grid,
        startRow: rect.top,
        startCol: rect.left,
        range: rect,
        fields: codecs,
        rows,
        keyTitle,
        canInsert,
      });
      return (await writes.applyPlan(plan)) ? height : 0;
    },
    [canEdit, canInsert, codecs, keyTitle, store, t, tooMany, total, writes],
  );

  const clear = useCallback(
    async (rect: Rect) => {
      if (!canEdit || total === 0) return;
      if (rectRows(rect) > MAX_BLOCK_ROWS) return tooMany();
      const rows = await store.loadRange(rect.top, Math.min(rect.bottom, total - 1));
      await writes.applyPlan(planClear(rect, codecs, rows, keyTitle));
    },
    [canEdit, codecs, keyTitle, store, tooMany, total, writes],
  );

  const remove = useCallback(
    async (rect: Rect) => {
      if (rectRows(rect) > MAX_BLOCK_ROWS) {
        tooMany();
        return false;
      }
      const rows = await store.loadRange(rect.top, Math.min(rect.bottom, total - 1));
      return writes.deleteRows(rows);
    },
    [store, tooMany, total, writes],
  );

  return { paste, clear, remove, tooMany };
}
