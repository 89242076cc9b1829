import { describe, expect, it } from "vitest";
import { coverUrl } from "./cover";

describe("coverUrl", () => {
  it("prefers the card thumbnail, then the signed URL, then url and path", () => {
    const item = {
      mimetype: "image/png",
      url: "https://x/a.png",
      signedUrl: "https://s/a.png",
      thumbnails: { card: { signedUrl: "https://s/card.png" } },
    };
    expect(coverUrl([item])).toBe("https://s/card.png");
    expect(coverUrl([{ ...item, thumbnails: undefined }])).toBe("https://s/a.png");
    expect(coverUrl(JSON.stringify([{ title: "b.jpg", path: "download/b.jpg" }]))).toBe("/download/b.jpg");
  });
  it("takes a signed path (the room's broadcasts carry no origin) before the bare stored path", () => {
    const item = { mimetype: "image/png", path: "download/a.png", signedPath: "download/a.png?s=1" };
    expect(coverUrl([item])).toBe("/download/a.png?s=1");
    expect(coverUrl([{ ...item, thumbnails: { card: { signedPath: "download/a.thumb.webp?s=2" } } }])).toBe(
      "/download/a.thumb.webp?s=2",
    );
  });
  it("skips items that are not images and values that are not lists", () => {
    expect(coverUrl([{ mimetype: "application/pdf", url: "https://x/a.pdf" }, { url: "https://x/c.webp" }])).toBe(
      "https://x/c.webp",
    );
    expect(coverUrl("not json")).toBeNull();
    expect(coverUrl(null)).toBeNull();
    expect(coverUrl([{ title: "notes.txt", url: "https://x/notes.txt" }])).toBeNull();
  });
});
