import { describe, expect, it } from "vitest";
import { checkLink, expiryFrom, signPath, signValues } from "./signed-links";

const path = "download/noco/p_1/t/c/abc.png";

describe("signed links", () => {
  it("round-trips and refuses tampering, other paths, other keys and expired links", async () => {
    const now = 1_800_000_000;
    const link = await signPath("k1", path, now);
    const url = new URL(`http://x/${link}`);
    const [e, s] = [url.searchParams.get("e")!, url.searchParams.get("s")!];
    expect(Number(e) - now).toBeGreaterThanOrEqual(3600);
    expect(Number(e) - now).toBeLessThanOrEqual(7200);
    expect(await checkLink("k1", path, e, s, now)).toBe("ok");
    expect(await checkLink("k1", path, e, s, Number(e))).toBe("expired");
    expect(await checkLink("k2", path, e, s, now)).toBe("bad");
    expect(await checkLink("k1", "download/noco/p_1/t/c/other.png", e, s, now)).toBe("bad");
    expect(await checkLink("k1", path, String(Number(e) + 3600), s, now)).toBe("bad");
    expect(await checkLink("k1", path, undefined, undefined, now)).toBe("unsigned");
    expect(await checkLink(null, path, e, s, now)).toBe("bad");
  });
  it("keeps one link per hour so browsers can cache", () => {
    expect(expiryFrom(7201)).toBe(expiryFrom(7200 + 3599));
    expect(expiryFrom(7200 + 3601)).toBe(expiryFrom(7201) + 3600);
  });
  it("signs only this project's uploads, wherever they sit in an answer", async () => {
    const page = {
      list: [
        {
          Files: [
            { path, title: "a.png", thumbnail: "download/noco/p_1/t/c/abc.thumb.webp" },
            { url: "https://cdn.test/x.png", title: "x" },
          ],
        },
        { Files: [{ path: "download/noco/p_2/t/c/z.png", title: "theirs" }], Lookup: [[{ path, title: "a.png" }]] },
      ],
    };
    const out = await signValues({ secret: "k", projectId: "p_1", origin: "https://app.test" }, page);
    const [mine, web] = out.list[0]!.Files as any[];
    expect(mine.signedUrl).toMatch(/^https:\/\/app\.test\/download\/noco\/p_1\/t\/c\/abc\.png\?e=\d+&s=/);
    expect(mine.thumbnails.card.signedPath).toMatch(/^download\/noco\/p_1\/t\/c\/abc\.thumb\.webp\?e=/);
    expect(web.signedUrl).toBeUndefined();
    expect((out.list[1]!.Files as any[])[0].signedUrl).toBeUndefined();
    expect((out.list[1] as any).Lookup[0][0].signedPath).toMatch(/^download\/noco\/p_1\//);
  });
});
