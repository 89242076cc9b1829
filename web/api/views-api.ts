/** Views, grid settings, filters and sorts (API-CONTRACT 4.4, 4.6, 4.7). */
import type { z } from "zod";
import type { updateGridInput, updateSortInput, viewColumnInput } from "../../db/views/inputs";
import type { ColourRulesInput } from "../../db/views/colour-settings";
import type { Filter, Sort } from "./view-types";
import { wire } from "./wire";

const meta = "/api/v1/db/meta";

export const viewsApi = {
  list: async (tableId: string) => (await wire.get(`${meta}/tables/:tableId/views`, { tableId })).list,
  gridColumns: (viewId: string) => wire.get(`${meta}/grids/:viewId/grid-columns`, { viewId }),
  updateGridColumn: (gridViewColumnId: string, body: z.input<typeof viewColumnInput>) =>
    wire.patch(`${meta}/grid-columns/:gridViewColumnId`, { gridViewColumnId }, body),
  showAll: (viewId: string) => wire.post(`${meta}/views/:viewId/show-all`, { viewId }),
  hideAll: (viewId: string) => wire.post(`${meta}/views/:viewId/hide-all`, { viewId }),
  updateGrid: (viewId: string, body: z.input<typeof updateGridInput>) =>
    wire.patch(`${meta}/grids/:viewId`, { viewId }, body),

  filters: async (viewId: string) => (await wire.get(`${meta}/views/:viewId/filters`, { viewId })).list,
  filterChildren: async (filterGroupId: string) =>
    (await wire.get(`${meta}/filters/:filterGroupId/children`, { filterGroupId })).list,
  createFilter: (viewId: string, body: Filter) => wire.post(`${meta}/views/:viewId/filters`, { viewId }, body),
  updateFilter: (filterId: string, body: Filter) => wire.patch(`${meta}/filters/:filterId`, { filterId }, body),
  deleteFilter: (filterId: string) => wire.del(`${meta}/filters/:filterId`, { filterId }),

  sorts: async (viewId: string) => (await wire.get(`${meta}/views/:viewId/sorts`, { viewId })).list,
  createSort: (viewId: string, body: Sort) => wire.post(`${meta}/views/:viewId/sorts`, { viewId }, body),
  updateSort: (sortId: string, body: z.input<typeof updateSortInput>) =>
    wire.patch(`${meta}/sorts/:sortId`, { sortId }, body),
  deleteSort: (sortId: string) => wire.del(`${meta}/sorts/:sortId`, { sortId }),

  /** A view's colour rules (issue 37), replaced as one list. */
  colourRules: (viewId: string) => wire.get(`${meta}/views/:viewId/colour-rules`, { viewId }),
  saveColourRules: (viewId: string, body: ColourRulesInput) =>
    wire.put(`${meta}/views/:viewId/colour-rules`, { viewId }, body),

  /** A view's record template (issue 37): default values by field id for its new records. */
  recordTemplate: (viewId: string) => wire.get(`${meta}/views/:viewId/record-template`, { viewId }),
  saveRecordTemplate: (viewId: string, body: { values: Record<string, unknown> }) =>
    wire.put(`${meta}/views/:viewId/record-template`, { viewId }, body),
};
