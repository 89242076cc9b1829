import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import {
  activeTab,
  blurTabs,
  closeTab,
  EMPTY_TABS,
  openTab,
  renameTab,
  tabPath,
  type Tab,
  type TabsState,
} from "./tabs";

export interface TabsApi {
  state: TabsState;
  /** Called by the page a route opens: adds or focuses its tab. */
  open(tab: Tab): void;
  /** Closes a tab; closing the active one moves to the previous, else next tab, else project home. */
  close(id: string): void;
  /** Renames a tab; the route follows when it is the active tab. */
  rename(id: string, title: string): void;
  blur(): void;
}

const TabsContext = createContext<TabsApi | null>(null);

function loadTabs(key: string): TabsState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as TabsState | null;
    if (saved && Array.isArray(saved.tabs))
      return {
        tabs: saved.tabs.filter((t) => t && typeof t.id === "string" && typeof t.title === "string"),
        activeId: saved.activeId ?? null,
      };
  } catch {
    /* unreadable: start with no tabs */
  }
  return EMPTY_TABS;
}

/** Tab state of one project (SPEC 4 "Tabs"), bound to the router. */
export function TabsProvider({ basePath, children }: { basePath: string; children: ReactNode }) {
  const navigate = useNavigate();
  // Open tabs survive a reload of this browser tab (SPEC 4): kept per project in sessionStorage.
  const storageKey = `gridbase.tabs:${basePath}`;
  const [state, setState] = useState<TabsState>(() => loadTabs(storageKey));
  // The latest state, so close/rename can decide where to navigate in the same event.
  const current = useRef(state);
  const apply = useCallback(
    (next: TabsState) => {
      current.current = next;
      setState(next);
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        /* storage full or blocked: tabs still work for this page */
      }
    },
    [storageKey],
  );

  // Stable actions: pages call open() from effects, which must not re-run on every tab change.
  const actions = useMemo<Omit<TabsApi, "state">>(
    () => ({
      open: (tab) => apply(openTab(current.current, tab)),
      close(id) {
        const before = current.current;
        const next = closeTab(before, id);
        apply(next);
        if (before.activeId !== id) return;
        const focus = activeTab(next);
        void navigate(focus ? tabPath(basePath, focus) : basePath);
      },
      rename(id, title) {
        const next = renameTab(current.current, id, title);
        apply(next);
        const focus = activeTab(next);
        if (focus?.id === id) void navigate(tabPath(basePath, focus), { replace: true });
      },
      blur: () => apply(blurTabs(current.current)),
    }),
    [apply, navigate, basePath],
  );
  const api = useMemo<TabsApi>(() => ({ state, ...actions }), [state, actions]);
  return <TabsContext.Provider value={api}>{children}</TabsContext.Provider>;
}

export function useTabs(): TabsApi {
  const value = useContext(TabsContext);
  if (!value) throw new Error("useTabs outside TabsProvider");
  return value;
}
