/** Saving from the expanded record outside the grid: one PATCH per changed record, one POST for a new one. */
import { rowsApi, type RowTarget } from "../../api/rows-api";
import type { Row } from "../../api/view-types";
import type { WritePlan } from "../grid/logic/paste-plan";
import { splitKey } from "../../lib/row-id";

export function recordWrites(
  target: RowTarget,
  keyTitle: string,
  onChanged: () => void,
  onError: (err: unknown) => void,
) {
  const tableTarget = { projectId: target.projectId, tableId: target.tableId };
  return {
    async insertRow(values: Row): Promise<Row | null> {
      try {
        const row = await rowsApi.insert(tableTarget, values);
        onChanged();
        return row;
      } catch (err) {
        onError(err);
        return null;
      }
    },
    async applyPlan(plan: WritePlan): Promise<boolean> {
      try {
        for (const u of plan.updates) {
          const { id: key, patch } = splitKey(u, keyTitle);
          await rowsApi.update(tableTarget, key as string | number, patch);
        }
        onChanged();
        return true;
      } catch (err) {
        onError(err);
        return false;
      }
    },
  };
}
