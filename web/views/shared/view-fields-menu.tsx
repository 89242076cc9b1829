/** The grid's fields menu for a gallery or kanban: which fields its cards show, and in what order. */
import { useQueryClient } from "@tanstack/react-query";
import { viewKindsApi } from "../../api/view-kinds-api";
import { useNotifyError } from "../../lib/use-notify-error";
import { orderBetween } from "../../pages/project/sidebar/view-order";
import type { GridField } from "../grid/logic/grid-fields";
import { FieldsMenu } from "../grid/toolbar/fields-menu";
import { viewColumnsKey, type ViewFrame } from "./use-view-frame";
import { isHidden } from "../../../db/fields/registry";

export function ViewFieldsMenu({ frame }: { frame: ViewFrame }) {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const byId = new Map(frame.meta.columns.map((c) => [c.id, c]));
  const fields: GridField[] = [...frame.viewColumns]
    .sort((a, b) => a.order - b.order)
    .flatMap((vc) => {
      const column = byId.get(vc.fk_column_id);
      return column && !column.system && !isHidden(column.uidt)
        ? [{ column, gridColumnId: vc.id, show: vc.show, order: vc.order, width: 200 }]
        : [];
    });
  const view = frame.view.id;
  const done = () => queryClient.invalidateQueries({ queryKey: viewColumnsKey(view) });
  const run = (p: Promise<unknown>) => void p.then(done, (err) => (notifyError(err), done()));
  return (
    <FieldsMenu
      fields={fields}
      onShow={(f, show) => run(viewKindsApi.setColumn(view, f.column.id, { show }))}
      onMove={(from, to) =>
        run(
          viewKindsApi.setColumn(view, fields[from]!.column.id, {
            order: orderBetween(
              fields.map((f) => f.order),
              from,
              to,
            ),
          }),
        )
      }
      onAll={(show) => run(viewKindsApi.setAll(view, show))}
      onEditFields={null}
    />
  );
}
