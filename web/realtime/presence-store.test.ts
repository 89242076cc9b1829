import { describe, expect, it } from "vitest";
import { createPresenceStore, initials, nameOf, othersOnTable, remoteCells } from "./presence-store";
import type { PresenceUser } from "./protocol";

const user = (userId: string, over: Partial<PresenceUser> = {}): PresenceUser => ({
  userId,
  name: userId,
  color: "#111111",
  path: null,
  table: null,
  editing: null,
  ...over,
});
const me = { userId: "me", name: "Me", color: "#000000" };

describe("presence", () => {
  it("makes initials from names and e-mail style names", () => {
    expect(initials("Ana Lima")).toBe("AL");
    expect(initials("ana.lima")).toBe("AL");
    expect(initials("ana")).toBe("A");
    expect(initials("e2e-grid-x")).toBe("EG");
    expect(initials("  ")).toBe("?");
  });

  it("lists the others on a table and the cells they edit", () => {
    const users = [
      user("me", { table: "Tasks", editing: { tableId: "t1", rowId: "1", column: "Title" } }),
      user("ana", {
        name: "Ana",
        color: "#e11d48",
        table: "Tasks",
        editing: { tableId: "t1", rowId: "2", column: "Status" },
      }),
      user("bo", { table: "Other", editing: { tableId: "t2", rowId: "1", column: "Title" } }),
    ];
    expect(othersOnTable(users, "Tasks", me).map((u) => u.userId)).toEqual(["ana"]);
    expect(remoteCells(users, "t1", me)).toEqual([
      { userId: "ana", name: "Ana", color: "#e11d48", rowId: "2", column: "Status" },
    ]);
  });

  it("names an actor from the room, else by e-mail", () => {
    const users = [user("ana", { name: "Ana" })];
    expect(nameOf(users, { id: "ana" })).toBe("Ana");
    expect(nameOf(users, { id: "bo", email: "bo@x.com" })).toBe("bo@x.com");
    expect(nameOf(users, { id: "bo" })).toBeNull();
  });

  it("notifies on changes and resets", () => {
    const store = createPresenceStore();
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.setStatus("open");
    store.setStatus("open");
    store.setMe(me);
    store.setUsers([user("ana")]);
    expect(calls).toBe(3);
    expect(store.get()).toMatchObject({ status: "open", me, users: [{ userId: "ana" }] });
    store.reset();
    expect(store.get().users).toEqual([]);
    stop();
  });
});
