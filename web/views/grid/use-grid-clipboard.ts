/**
 * Copy and paste while the grid has the focus. Rules:
 * - Copy writes the selected range as tab-separated text (formatText); when every row is loaded
 *   it goes into the copy event at once, else the rows are fetched and the text is written after.
 * - Paste reads text/plain from the paste event (spreadsheet TSV) and hands it to the caller.
 * - Events while an editor (or any input) has the focus are left to the browser.
 */
import { useEffect, type RefObject } from "react";
import type { Row } from "../../api/view-types";
import { copyText as writeClipboard } from "../../lib/clipboard";
import type { RowStore } from "./data/row-store";
import type { GridFieldView } from "./grid-field";
import { copyText } from "./logic/paste-plan";
import type { Rect } from "./logic/selection";

interface Options {
  scroller: RefObject<HTMLDivElement | null>;
  store: RowStore;
  fields: readonly GridFieldView[];
  rect: Rect;
  onPaste(text: string): void;
  onTooMany(): void;
}

export const MAX_COPY_ROWS = 10_000;

export function useGridClipboard({ scroller, store, fields, rect, onPaste, onTooMany }: Options) {
  useEffect(() => {
    const focused = () => document.activeElement === scroller.current;
    const onCopy = (e: ClipboardEvent) => {
      if (!focused()) return;
      e.preventDefault();
      const height = rect.bottom - rect.top + 1;
      if (height > MAX_COPY_ROWS) return onTooMany();
      const cols = fields.slice(rect.left, rect.right + 1).map((f) => f.codec);
      const rows: Row[] = [];
      for (let r = rect.top; r <= rect.bottom; r++) {
        const row = store.rowAt(r);
        if (!row) break;
        rows.push(row);
      }
      if (rows.length === height) {
        e.clipboardData?.setData("text/plain", copyText(rows, cols));
        return;
      }
      void store.loadRange(rect.top, rect.bottom).then((all) => writeClipboard(copyText(all, cols)));
    };
    const onPasteEvent = (e: ClipboardEvent) => {
      if (!focused()) return;
      const text = e.clipboardData?.getData("text/plain") ?? "";
      e.preventDefault();
      if (text !== "") onPaste(text);
    };
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPasteEvent);
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPasteEvent);
    };
  }, [scroller, store, fields, rect, onPaste, onTooMany]);
}
