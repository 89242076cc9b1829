import { describe, expect, it } from "vitest";
import { askedLinks, linksByColumn, notOffered } from "./form-links";

describe("a shared form's links", () => {
  const links = [
    { columnId: "a", refId: "1" },
    { columnId: "b", refId: "2" },
    { columnId: "a", refId: "3" },
  ];

  it("leave out the questions the form's conditions hid, and group by link column in order", () => {
    expect(askedLinks(links, ["b"])).toEqual([links[0], links[2]]);
    expect([...linksByColumn(links)]).toEqual([
      ["a", [links[0], links[2]]],
      ["b", [links[1]]],
    ]);
  });

  it("refuse a record the picker does not offer with one message (a 400)", () => {
    const err = notOffered("Tags", "9");
    expect(err.message).toBe('Tags: record "9" is not one this form offers');
    expect(err.status).toBe(400);
  });
});
