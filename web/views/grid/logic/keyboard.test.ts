import { describe, expect, it } from "vitest";
import { gridKeyAction, type KeyInput } from "./keyboard";
import { navigate } from "./navigation";
import { single, type Selection } from "./selection";

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const bounds = { rows: 100, cols: 5 };
const at = (row: number, col: number) => single({ row, col });
const go = (sel: Selection, k: KeyInput) => navigate(sel, gridKeyAction(k)!, bounds, 10);

describe("gridKeyAction", () => {
  it("maps arrows, shift-arrows and modifier jumps", () => {
    expect(gridKeyAction(key("ArrowDown"))).toEqual({ type: "move", dr: 1, dc: 0 });
    expect(gridKeyAction(key("ArrowLeft", { shiftKey: true }))).toEqual({ type: "extend", dr: 0, dc: -1 });
    expect(gridKeyAction(key("ArrowUp", { metaKey: true }))).toEqual({ type: "jump", to: "top", extend: false });
  });

  it("moves left and right in the reading direction of a right-to-left page", () => {
    expect(gridKeyAction(key("ArrowLeft"), true)).toEqual({ type: "move", dr: 0, dc: 1 });
    expect(gridKeyAction(key("ArrowRight"), true)).toEqual({ type: "move", dr: 0, dc: -1 });
    expect(gridKeyAction(key("ArrowLeft", { shiftKey: true }), true)).toEqual({ type: "extend", dr: 0, dc: 1 });
    expect(gridKeyAction(key("ArrowLeft", { ctrlKey: true }), true)).toEqual({
      type: "jump",
      to: "right",
      extend: false,
    });
    expect(gridKeyAction(key("ArrowUp"), true)).toEqual({ type: "move", dr: -1, dc: 0 });
  });

  it("maps editing keys", () => {
    expect(gridKeyAction(key("Enter"))).toEqual({ type: "edit" });
    expect(gridKeyAction(key("x"))).toEqual({ type: "type", text: "x" });
    expect(gridKeyAction(key("é"))).toEqual({ type: "type", text: "é" });
    expect(gridKeyAction(key("Delete"))).toEqual({ type: "clear" });
    expect(gridKeyAction(key("Backspace"))).toEqual({ type: "clear" });
    expect(gridKeyAction(key(" "))).toEqual({ type: "space" });
    expect(gridKeyAction(key(" ", { shiftKey: true }))).toEqual({ type: "expand" });
  });
  it("maps undo and redo on both platforms, and ignores other shortcuts", () => {
    expect(gridKeyAction(key("z", { ctrlKey: true }))).toEqual({ type: "undo" });
    expect(gridKeyAction(key("Z", { metaKey: true, shiftKey: true }))).toEqual({ type: "redo" });
    expect(gridKeyAction(key("y", { ctrlKey: true }))).toEqual({ type: "redo" });
    expect(gridKeyAction(key("c", { ctrlKey: true }))).toBeNull();
    expect(gridKeyAction(key("v", { metaKey: true }))).toBeNull();
    expect(gridKeyAction(key("Shift", { shiftKey: true }))).toBeNull();
    expect(gridKeyAction(key("x", { altKey: true }))).toBeNull();
  });
});

describe("navigate", () => {
  it("moves within bounds", () => {
    expect(go(at(0, 0), key("ArrowUp"))).toEqual(at(0, 0));
    expect(go(at(5, 4), key("ArrowRight"))).toEqual(at(5, 4));
    expect(go(at(5, 2), key("ArrowDown"))).toEqual(at(6, 2));
  });
  it("extends the range from a fixed anchor, then collapses on a plain move", () => {
    const s1 = go(at(3, 1), key("ArrowDown", { shiftKey: true }))!;
    const s2 = go(s1, key("ArrowRight", { shiftKey: true }))!;
    expect(s2).toEqual({ anchor: { row: 3, col: 1 }, focus: { row: 4, col: 2 } });
    expect(go(s2, key("ArrowDown"))).toEqual(at(4, 1));
    expect(go(s2, key("Escape"))).toEqual(at(3, 1));
  });
  it("tabs across rows", () => {
    expect(go(at(2, 4), key("Tab"))).toEqual(at(3, 0));
    expect(go(at(2, 0), key("Tab", { shiftKey: true }))).toEqual(at(1, 4));
    expect(go(at(0, 0), key("Tab", { shiftKey: true }))).toEqual(at(0, 0));
    expect(go(at(99, 4), key("Tab"))).toEqual(at(99, 4));
  });
  it("pages and jumps", () => {
    expect(go(at(5, 1), key("PageDown"))).toEqual(at(15, 1));
    expect(go(at(5, 1), key("PageUp"))).toEqual(at(0, 1));
    expect(go(at(5, 1), key("End"))).toEqual(at(5, 4));
    expect(go(at(5, 1), key("Home", { ctrlKey: true }))).toEqual(at(0, 0));
    expect(go(at(5, 1), key("End", { ctrlKey: true }))).toEqual(at(99, 4));
    expect(go(at(5, 1), key("ArrowDown", { ctrlKey: true, shiftKey: true }))).toEqual({
      anchor: { row: 5, col: 1 },
      focus: { row: 99, col: 1 },
    });
  });
  it("selects all", () => {
    expect(go(at(5, 1), key("a", { ctrlKey: true }))).toEqual({
      anchor: { row: 0, col: 0 },
      focus: { row: 99, col: 4 },
    });
  });
});
