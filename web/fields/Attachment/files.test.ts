import { describe, expect, it } from "vitest";
import { FileImage, FileSpreadsheet, FileText } from "lucide-react";
import { fileSrc, formatSize, iconOf, itemsOf, moveItem, renamed, stripDerived, thumbSrc } from "./files";

const img = {
  path: "download/noco/p/t/c/a.png",
  title: "a.png",
  mimetype: "image/png",
  signedPath: "download/noco/p/t/c/a.png?e=1&s=x",
  thumbnails: { card: { signedPath: "download/noco/p/t/c/a.thumb.webp?e=1&s=y" } },
};

describe("attachment items", () => {
  it("shows uploads through signed links and grids through thumbnails only", () => {
    expect(fileSrc(img)).toBe("/download/noco/p/t/c/a.png?e=1&s=x");
    expect(thumbSrc(img)).toBe("/download/noco/p/t/c/a.thumb.webp?e=1&s=y");
    expect(
      thumbSrc({ path: "download/x.png", title: "x.png", mimetype: "image/png", signedPath: "download/x.png?e" }),
    ).toBeUndefined();
    expect(thumbSrc({ url: "https://cdn.test/x.png", title: "x.png" })).toBe("https://cdn.test/x.png");
    expect(fileSrc({ path: "download/x.pdf", title: "x" })).toBeUndefined();
  });
  it("drops derived keys before a write", () => {
    expect(stripDerived(img)).toEqual({ path: img.path, title: "a.png", mimetype: "image/png" });
  });
  it("reorders, renames keeping the extension, and sizes", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(renamed(img, "holiday").title).toBe("holiday.png");
    expect(renamed(img, "holiday.jpg").title).toBe("holiday.jpg");
    expect(renamed(img, "  ").title).toBe("a.png");
    expect(formatSize(2048)).toBe("2.0 KB");
    expect(formatSize(5 * 1024 * 1024)).toBe("5.0 MB");
  });
  it("picks icons by type and reads only item lists", () => {
    expect(iconOf(img)).toBe(FileImage);
    expect(iconOf({ title: "r.xlsx" })).toBe(FileSpreadsheet);
    expect(iconOf({ title: "r.pdf" })).toBe(FileText);
    expect(itemsOf([img, null, "x"])).toEqual([img]);
    expect(itemsOf("x")).toEqual([]);
  });
});
