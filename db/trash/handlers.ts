import type { TrashKind } from "./entries";
import type { TrashHandler } from "./handler";
import { recordHandler } from "./records";
import { fieldHandler } from "./fields";
import { tableHandler } from "./tables";
import { viewHandler } from "./views";
import { dashboardHandler } from "./dashboards";

/**
 * Each kind of trash entry's handler: how it comes back and how it goes for good. A kind not
 * here is listed but cannot be restored yet (trash-requests.ts answers 400).
 */
export const HANDLERS: Partial<Record<TrashKind, TrashHandler>> = {
  record: recordHandler,
  field: fieldHandler,
  table: tableHandler,
  view: viewHandler,
  dashboard: dashboardHandler,
};
