import { describe, expect, it } from "vitest";
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

const a: Tab = { id: "md_a", type: "table", title: "A" };
const b: Tab = { id: "md_b", type: "table", title: "B" };
const c: Tab = { id: "md_c", type: "table", title: "C" };

function opened(...tabs: Tab[]): TabsState {
  return tabs.reduce(openTab, EMPTY_TABS);
}

describe("openTab", () => {
  it("adds a tab and focuses it", () => {
    const s = opened(a, b);
    expect(s.tabs.map((t) => t.id)).toEqual(["md_a", "md_b"]);
    expect(s.activeId).toBe("md_b");
  });

  it("focuses an open tab instead of adding it again", () => {
    const s = openTab(opened(a, b), a);
    expect(s.tabs).toHaveLength(2);
    expect(s.activeId).toBe("md_a");
  });

  it("keeps the same state object when nothing changes", () => {
    const s = opened(a);
    expect(openTab(s, a)).toBe(s);
  });

  it("takes the newer title and view title of an open tab", () => {
    const s = openTab(opened(a, b), { ...a, title: "A2", viewTitle: "Grid" });
    expect(s.tabs[0]).toEqual({ ...a, title: "A2", viewTitle: "Grid" });
    expect(s.tabs.map((t) => t.id)).toEqual(["md_a", "md_b"]);
  });
});

describe("closeTab", () => {
  it("focuses the previous tab when the active one closes", () => {
    const s = openTab(opened(a, b, c), b);
    const next = closeTab(s, "md_b");
    expect(next.tabs.map((t) => t.id)).toEqual(["md_a", "md_c"]);
    expect(next.activeId).toBe("md_a");
  });

  it("focuses the next tab when the active one was first", () => {
    const s = openTab(opened(a, b, c), a);
    expect(closeTab(s, "md_a").activeId).toBe("md_b");
  });

  it("focuses nothing when the last tab closes (the project home opens)", () => {
    const next = closeTab(opened(a), "md_a");
    expect(next).toEqual({ tabs: [], activeId: null });
    expect(activeTab(next)).toBeNull();
  });

  it("keeps the focus when another tab closes", () => {
    const next = closeTab(opened(a, b, c), "md_a");
    expect(next.activeId).toBe("md_c");
    expect(next.tabs.map((t) => t.id)).toEqual(["md_b", "md_c"]);
  });

  it("ignores an unknown tab", () => {
    const s = opened(a);
    expect(closeTab(s, "nope")).toBe(s);
  });
});

describe("renameTab and blurTabs", () => {
  it("renames the tab and keeps the focus", () => {
    const s = renameTab(opened(a, b), "md_b", "Bee");
    expect(activeTab(s)).toEqual({ ...b, title: "Bee" });
  });

  it("leaves the state alone for an unknown tab or the same title", () => {
    const s = opened(a);
    expect(renameTab(s, "x", "y")).toBe(s);
    expect(renameTab(s, "md_a", "A")).toBe(s);
  });

  it("blurs without closing", () => {
    const s = blurTabs(opened(a));
    expect(s.activeId).toBeNull();
    expect(s.tabs).toHaveLength(1);
  });
});

describe("tabPath", () => {
  it("builds SPEC 2 routes with encoded titles", () => {
    expect(tabPath("/nc/p_1", a)).toBe("/nc/p_1/table/A");
    expect(tabPath("/nc/p_1", { ...a, title: "My table?", viewTitle: "Grid 1" })).toBe(
      "/nc/p_1/table/My%20table%3F/Grid%201",
    );
    expect(tabPath("/base/u1", { id: "vw_1", type: "view", title: "V" })).toBe("/base/u1/view/V");
    expect(tabPath("/nc/p_1", { id: "auth", type: "auth", title: "" })).toBe("/nc/p_1/auth");
  });
});
