/**
 * The grid's group levels: read from the view's grid columns, changed at once on screen and saved
 * (when the caller may change grid columns and the view routes answer) as grid-column patches.
 * A failed save is reported and the view's stored levels are read again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { queryKeys } from "../../../api/query-keys";
import { viewsApi } from "../../../api/views-api";
import { useNotifyError } from "../../../lib/use-notify-error";
import type { ViewSetup } from "../data/use-view-setup";
import { levelPatches, levelsOf, MAX_LEVELS, type GroupLevel } from "./group-levels";

export function useGridGroups(setup: ViewSetup, canPersist: boolean) {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const viewId = setup.view?.id ?? null;
  const stored = useMemo(() => levelsOf(setup.gridColumns), [setup.gridColumns]);
  const [local, setLocal] = useState<{ viewId: string | null; levels: GroupLevel[] } | null>(null);
  const levels = local && local.viewId === viewId ? local.levels : stored;
  // Saves run one after another, in the order the changes were made.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const setLevels = (next: GroupLevel[]) => {
    const kept = next.slice(0, MAX_LEVELS);
    const before = levels;
    setLocal({ viewId, levels: kept });
    const gridColumns = setup.gridColumns;
    if (!canPersist || !setup.viewApiReady || !viewId || !gridColumns) return;
    const plan = levelPatches(gridColumns, before, kept);
    queue.current = queue.current.then(async () => {
      try {
        // In order: the server refuses a fourth level, so the removed ones go first.
        for (const p of plan) await viewsApi.updateGridColumn(p.gridColumnId, p.body);
      } catch (err) {
        notifyError(err);
        setLocal(null);
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.gridColumns(viewId) });
    });
  };
  return { levels, setLevels };
}
