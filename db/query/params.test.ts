import { describe, expect, it } from "vitest";
import { readListParams } from "./params";

const read = (query: string) => readListParams(new URLSearchParams(query));

describe("readListParams", () => {
  it("defaults", () => {
    expect(read("")).toEqual({ limit: 25, offset: 0 });
  });

  it("reads where from where, w or filter, with + as space", () => {
    expect(read("where=(Name,eq,a+b)").where).toBe("(Name,eq,a b)");
    expect(read("w=(A,eq,1)").where).toBe("(A,eq,1)");
    expect(read("filter=(A,eq,1)").where).toBe("(A,eq,1)");
    expect(read("where=&w=(A,eq,2)").where).toBe("(A,eq,2)");
    expect(read("where=(A,eq,%2C%29)").where).toBe("(A,eq,,))");
  });

  it("reads sort and fields as comma lists or key[] arrays", () => {
    expect(read("sort=Title,-Age").sort).toEqual(["Title", "-Age"]);
    expect(read("s=-Age").sort).toEqual(["-Age"]);
    expect(read("sort[]=Title&sort[]=-A,%20B").sort).toEqual(["Title", "-A, B"]);
    expect(read("fields=Title,Id").fields).toEqual(["Title", "Id"]);
    expect(read("f[]=Title&f[]=Id").fields).toEqual(["Title", "Id"]);
    expect(read("fields=").fields).toBeUndefined();
  });

  it("clamps limit to [1, 1000] and falls back to 25", () => {
    expect(read("limit=10").limit).toBe(10);
    expect(read("l=5").limit).toBe(5);
    expect(read("limit=5000").limit).toBe(1000);
    expect(read("limit=0").limit).toBe(25);
    expect(read("limit=-3").limit).toBe(25);
    expect(read("limit=abc").limit).toBe(25);
    expect(read("limit=2.5").limit).toBe(25);
    expect(read(`limit=${"9".repeat(40)}`).limit).toBe(1000);
  });

  it("keeps offset a whole number >= 0", () => {
    expect(read("offset=50").offset).toBe(50);
    expect(read("o=7").offset).toBe(7);
    expect(read("offset=-1").offset).toBe(0);
    expect(read("offset=x").offset).toBe(0);
    expect(read(`offset=${"9".repeat(40)}`).offset).toBe(Number.MAX_SAFE_INTEGER);
  });
});
