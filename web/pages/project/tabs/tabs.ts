/**
 * Open tabs of a project (SPEC 4 "Tabs"), as pure state transitions:
 * - opening a table or view adds a tab, or focuses it when already open (its title and view
 *   title follow what was opened);
 * - closing the active tab focuses the previous tab, else the next one, else none (the caller then
 *   opens the project home); closing another tab keeps the focus where it is;
 * - renaming changes the tab's title; when it is the active tab the caller also updates the route.
 */

export type TabType = "table" | "view" | "auth";

export interface Tab {
  /** Table or view id; "auth" for the project authentication tab. */
  id: string;
  type: TabType;
  title: string;
  viewTitle?: string | null;
}

export interface TabsState {
  tabs: readonly Tab[];
  activeId: string | null;
}

export const EMPTY_TABS: TabsState = { tabs: [], activeId: null };

export function openTab(state: TabsState, tab: Tab): TabsState {
  const index = state.tabs.findIndex((t) => t.id === tab.id);
  if (index === -1) return { tabs: [...state.tabs, tab], activeId: tab.id };
  const current = state.tabs[index]!;
  const same =
    current.title === tab.title && current.type === tab.type && (current.viewTitle ?? null) === (tab.viewTitle ?? null);
  if (same && state.activeId === tab.id) return state;
  const tabs = same ? state.tabs : state.tabs.map((t, i) => (i === index ? { ...t, ...tab } : t));
  return { tabs, activeId: tab.id };
}

export function closeTab(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index === -1) return state;
  const tabs = state.tabs.filter((t) => t.id !== id);
  if (state.activeId !== id) return { tabs, activeId: state.activeId };
  const next = tabs[index - 1] ?? tabs[index] ?? null;
  return { tabs, activeId: next?.id ?? null };
}

export function renameTab(state: TabsState, id: string, title: string): TabsState {
  if (!state.tabs.some((t) => t.id === id && t.title !== title)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, title } : t)) };
}

/** No tab focused (the project home is showing). */
export function blurTabs(state: TabsState): TabsState {
  return state.activeId === null ? state : { ...state, activeId: null };
}

export function activeTab(state: TabsState): Tab | null {
  return state.tabs.find((t) => t.id === state.activeId) ?? null;
}

/** The route of a tab under the project's base path `/{projectType}/{projectId}` (SPEC 2). */
export function tabPath(basePath: string, tab: Tab): string {
  if (tab.type === "auth") return `${basePath}/auth`;
  const view = tab.viewTitle ? `/${encodeURIComponent(tab.viewTitle)}` : "";
  return `${basePath}/${tab.type}/${encodeURIComponent(tab.title)}${view}`;
}
