import { describe, expect, it } from "vitest";
import { AttachmentField } from "./Attachment";

const ctx = (meta: object = {}) => ({ title: "Files", options: AttachmentField.options.parse(meta) });

describe("Attachment", () => {
  it("stores normalised items and returns the parsed array", () => {
    const r = AttachmentField.fromApi(
      [{ url: "https://cdn.test/a%20b.png", mimetype: "image/png", size: 3, signedUrl: "https://x/?sig" }],
      ctx(),
    );
    expect(r).toEqual({
      ok: true,
      value: '[{"url":"https://cdn.test/a%20b.png","title":"a b.png","mimetype":"image/png","size":3}]',
    });
    expect(r.ok && AttachmentField.toApi(r.value, ctx())).toEqual([
      { url: "https://cdn.test/a%20b.png", title: "a b.png", mimetype: "image/png", size: 3 },
    ]);
    expect(AttachmentField.fromApi({ path: "download/p1/x.pdf", title: "X" }, ctx())).toEqual({
      ok: true,
      value: '[{"path":"download/p1/x.pdf","title":"X"}]',
    });
    expect(AttachmentField.fromApi([], ctx())).toEqual({ ok: true, value: null });
  });
  it("needs a url or a path and refuses unsafe ones", () => {
    expect(AttachmentField.fromApi([{ title: "a" }], ctx())).toEqual({
      ok: false,
      error: "Files: attachment 1 needs a url or a path",
    });
    for (const url of [
      "javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "file:///etc/passwd",
      "cdn.test/a.png",
    ]) {
      const r = AttachmentField.fromApi([{ url }], ctx());
      expect(!r.ok && r.error, url).toMatch(/^Files: .* is not an allowed attachment URL/);
    }
    for (const path of ["../secret", "download/../../x", "javascript:x", "//evil.test/x"]) {
      expect(AttachmentField.fromApi([{ path }], ctx()).ok, path).toBe(false);
    }
    expect(AttachmentField.fromApi([{ url: "https://a.test/x", size: -1 }], ctx()).ok).toBe(false);
    expect(AttachmentField.fromApi(42, ctx())).toEqual({ ok: false, error: "Files: expected a list of attachments" });
    expect(AttachmentField.fromApi("not json", ctx()).ok).toBe(false);
  });
  it("keeps to maxFiles", () => {
    const two = [{ url: "https://a.test/1" }, { url: "https://a.test/2" }];
    expect(AttachmentField.fromApi(two, ctx({ maxFiles: 1 }))).toEqual({
      ok: false,
      error: "Files: 2 files are above the maximum of 1",
    });
    expect(AttachmentField.fromApi(two, ctx({ maxFiles: 2 })).ok).toBe(true);
  });
  it("reads pasted links and title(url) lists", () => {
    const r = AttachmentField.parseText(
      "https://a.test/1.png, report(https://a.test/r.pdf)\nhttps://a.test/2.png",
      ctx(),
    );
    expect(r.ok && JSON.parse(String(r.value))).toEqual([
      { url: "https://a.test/1.png", title: "1.png" },
      { url: "https://a.test/r.pdf", title: "report" },
      { url: "https://a.test/2.png", title: "2.png" },
    ]);
    expect(AttachmentField.parseText("just words", ctx()).ok).toBe(false);
  });
});

describe("Attachment uploads", () => {
  it("keeps a thumbnail path, refuses an unsafe one, and holds 10 files per cell by default", () => {
    const r = AttachmentField.fromApi(
      [
        {
          path: "download/noco/p/t/c/a.png",
          title: "a",
          thumbnail: "download/noco/p/t/c/a.thumb.webp",
          thumbnails: { card: {} },
        },
      ],
      ctx(),
    );
    expect(r.ok && JSON.parse(String(r.value))).toEqual([
      { path: "download/noco/p/t/c/a.png", title: "a", thumbnail: "download/noco/p/t/c/a.thumb.webp" },
    ]);
    expect(AttachmentField.fromApi([{ path: "download/a", thumbnail: "../x" }], ctx()).ok).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://a.test/${i}` }));
    expect(AttachmentField.fromApi(eleven, ctx())).toEqual({
      ok: false,
      error: "Files: 11 files are above the maximum of 10",
    });
  });
  it("names the uploads a stored value holds, for clean-up", () => {
    const stored = JSON.stringify([
      { path: "download/noco/p/a.png", thumbnail: "download/noco/p/a.thumb.webp" },
      { url: "https://a.test/x" },
      { path: "download/../x" },
    ]);
    expect(AttachmentField.storedFiles!(stored)).toEqual(["download/noco/p/a.png", "download/noco/p/a.thumb.webp"]);
    expect(AttachmentField.storedFiles!(null)).toEqual([]);
  });
});
