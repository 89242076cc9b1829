import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../api/query-keys";
import { tablesApi } from "../../api/tables-api";
import { ExportMenu } from "../../export/export-menu";
import { ImportIntoTableButton } from "./import-entry";
import { ShareViewButton } from "../../share/share-view-dialog";
import { WebhooksButton } from "../../pages/project/webhooks/webhooks-button";
import { AccessButton } from "../../pages/project/access/access-button";

/** The table tab's import, export, share, webhook and access controls (toolbar). */
export function TableTools({ tableId, viewTitle }: { tableId: string; viewTitle?: string | null }) {
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  if (!table.data) return null;
  return (
    <div data-testid="table-tools" className="flex flex-wrap items-center justify-end gap-2">
      <ImportIntoTableButton table={table.data} />
      <ExportMenu table={table.data} viewTitle={viewTitle} />
      <ShareViewButton tableId={tableId} viewTitle={viewTitle} />
      <WebhooksButton table={table.data} />
      <AccessButton table={table.data} />
    </div>
  );
}
