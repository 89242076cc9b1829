/**
 * The view types the web knows (SPEC 3 "View": each has an icon and a colour), by the type number
 * the API uses (1 form, 2 gallery, 3 grid, 4 kanban, 6 calendar, 7 timeline). The screens live in
 * web/views/<kind>/; view-screen.tsx picks one.
 */
import { CalendarDays, ChartGantt, ClipboardList, Grid3x3, Kanban, LayoutGrid, type LucideIcon } from "lucide-react";
import type { ViewKind } from "../api/view-kinds-api";

export interface ViewKindInfo {
  kind: ViewKind;
  type: number;
  icon: LucideIcon;
  /** Tailwind text colour of the icon. */
  color: string;
  /** locales key of the type's name. */
  label: `views.kinds.${ViewKind}`;
}

export const VIEW_KINDS: readonly ViewKindInfo[] = [
  { kind: "grid", type: 3, icon: Grid3x3, color: "text-blue-600", label: "views.kinds.grid" },
  { kind: "gallery", type: 2, icon: LayoutGrid, color: "text-orange-500", label: "views.kinds.gallery" },
  { kind: "kanban", type: 4, icon: Kanban, color: "text-emerald-600", label: "views.kinds.kanban" },
  { kind: "calendar", type: 6, icon: CalendarDays, color: "text-violet-600", label: "views.kinds.calendar" },
  { kind: "timeline", type: 7, icon: ChartGantt, color: "text-teal-600", label: "views.kinds.timeline" },
  { kind: "form", type: 1, icon: ClipboardList, color: "text-pink-600", label: "views.kinds.form" },
];

export const kindOfType = (type: number): ViewKindInfo => VIEW_KINDS.find((k) => k.type === type) ?? VIEW_KINDS[0]!;
