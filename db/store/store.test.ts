import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { joinedTransactions } from "./store";

/** A project store with one table `t (v INTEGER)` to write to. */
function storeWithTable() {
  const store = nodeProjectStore();
  store.exec("CREATE TABLE t (v INTEGER)");
  return store;
}

describe("joined transactions", () => {
  it("opens one transaction for nested calls, and a new one after the outermost ends", () => {
    let opened = 0;
    const tx = joinedTransactions((fn) => {
      opened++;
      return fn();
    });
    expect(tx(() => tx(() => tx(() => 7)))).toBe(7);
    expect(opened).toBe(1);
    expect(() =>
      tx(() => {
        throw new Error("refused");
      }),
    ).toThrow("refused");
    tx(() => 1);
    expect(opened).toBe(3);
  });

  it("undoes a nested call's writes with the outermost's when it fails", () => {
    const store = storeWithTable();
    expect(() =>
      store.transaction(() => {
        store.exec("INSERT INTO t VALUES (1)");
        store.transaction(() => store.exec("INSERT INTO t VALUES (2)"));
        throw new Error("the answer cannot be read");
      }),
    ).toThrow("the answer cannot be read");
    expect(store.exec("SELECT count(*) AS n FROM t")[0]!.n).toBe(0);
    store.transaction(() => store.transaction(() => store.exec("INSERT INTO t VALUES (3)")));
    expect(store.exec("SELECT v FROM t")).toEqual([{ v: 3 }]);
  });

  it("fails the whole when a nested call failed, even if its caller caught the error and carried on", () => {
    const store = storeWithTable();
    expect(() =>
      store.transaction(() => {
        store.exec("INSERT INTO t VALUES (1)");
        try {
          store.transaction(() => {
            store.exec("INSERT INTO t VALUES (2)");
            throw new Error("row 2 refused");
          });
        } catch {
          /* carried on */
        }
        store.exec("INSERT INTO t VALUES (3)");
      }),
    ).toThrow("row 2 refused");
    expect(store.exec("SELECT count(*) AS n FROM t")[0]!.n).toBe(0);
    // The next transaction starts clean.
    store.transaction(() => store.exec("INSERT INTO t VALUES (4)"));
    expect(store.exec("SELECT v FROM t")).toEqual([{ v: 4 }]);
  });
});
