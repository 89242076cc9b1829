/** View type numbers (contract 1.10; calendar is 6 as in later NocoDB; timeline, ours, is 7). */
export const VIEW_TYPE = { form: 1, gallery: 2, grid: 3, kanban: 4, calendar: 6, timeline: 7 } as const;
export type ViewKind = keyof typeof VIEW_TYPE;

export const VIEW_TYPE_NAME: Record<number, ViewKind> = Object.fromEntries(
  Object.entries(VIEW_TYPE).map(([k, v]) => [v, k as ViewKind]),
) as Record<number, ViewKind>;
