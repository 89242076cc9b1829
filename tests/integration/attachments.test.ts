import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../functions/index";
import { signPath } from "../../db/files/signed-links";
import { signSessionToken } from "../../functions/lib/jwt";
import { PNG } from "../support/fake-files";
import { api, seedProject, seedUser, workerFetch, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const UP = "/api/v1/db/storage/upload";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [viewer, "viewer"],
  ]);
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Docs",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Files", uidt: "Attachment" },
        { title: "More", uidt: "Attachment" },
      ],
    },
  });
  expect(table.status).toBe(200);
  const files = table.body.columns.find((c: any) => c.title === "Files");
  const more = table.body.columns.find((c: any) => c.title === "More");
  const folder = `noco/${projectId}/${table.body.id}/${files.id}`;
  return {
    owner,
    viewer,
    projectId,
    tableId: table.body.id as string,
    filesId: files.id as string,
    folder,
    moreFolder: `noco/${projectId}/${table.body.id}/${more.id}`,
    T: `/api/v1/db/data/noco/${projectId}/Docs`,
  };
}

type Part = { name: string; file: File };
const file = (name: string, bytes: string | Uint8Array, type = "") => new File([bytes], name, { type });

/** A multipart upload through the Worker (the `env` and MODE of the test pool unless given). */
async function upload(
  token: string | undefined,
  folder: string,
  parts: Part[],
  run: (r: Request) => Promise<Response> = (r) => workerFetch(r),
) {
  const form = new FormData();
  for (const p of parts) form.append(p.name, p.file);
  const res = await run(
    new Request(`http://localhost${UP}?path=${encodeURIComponent(folder)}`, {
      method: "POST",
      body: form,
      headers: token ? { "xc-auth": token } : {},
    }),
  );
  const text = await res.text();
  return {
    status: res.status,
    body: (() => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    })() as any,
  };
}

const get = (path: string) => workerFetch(new Request(`http://localhost/${path}`));
const objects = async (prefix: string) => (await env.ATTACHMENTS.list({ prefix })).objects.map((o) => o.key);

/** Clean-up runs after the answer; wait until the bucket shows it. */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("upload", () => {
  it("stores files under the sanitised folder and answers contract items with signed links", async () => {
    const s = await setup();
    const res = await upload(s.owner.token, s.folder, [
      { name: "files[]", file: file("photo.png", PNG, "image/png") },
      { name: "thumbnails[0]", file: file("thumb.webp", new Uint8Array([1, 2, 3]), "image/webp") },
      { name: "files[]", file: file("report.pdf", "%PDF-1.4 test") },
    ]);
    expect(res.status).toBe(200);
    const [img, pdf] = res.body;
    expect(img).toMatchObject({ title: "photo.png", mimetype: "image/png", size: PNG.byteLength });
    expect(img.path).toMatch(new RegExp(`^download/${s.folder}/[0-9a-z]{18}\\.png$`));
    expect(img.thumbnail).toMatch(/\.thumb\.webp$/);
    expect(pdf).toMatchObject({ title: "report.pdf", mimetype: "application/pdf", size: 13 });
    expect(img.signedUrl).toBe(`http://localhost/${img.signedPath}`);

    const served = await get(img.signedPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const thumb = await get(img.thumbnails.card.signedPath);
    expect([...new Uint8Array(await thumb.arrayBuffer())]).toEqual([1, 2, 3]);
    const doc = await get(pdf.signedPath);
    expect(doc.headers.get("content-disposition")).toMatch(/^inline; filename\*=UTF-8''report\.pdf/);
  });

  it("previews a PDF in the app's own frame only; a plain link opens it but may not be framed", async () => {
    const s = await setup();
    const [pdf, html] = (
      await upload(s.owner.token, s.folder, [
        { name: "files[]", file: file("report.pdf", "%PDF-1.4 test") },
        { name: "files[]", file: file("page.html", "<script>alert(1)</script>", "text/html") },
      ])
    ).body;
    const preview = await get(`${pdf.signedPath}&inline=1`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    expect(preview.headers.get("content-disposition")).toMatch(/^inline; /);
    const csp = preview.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/frame-ancestors[^;]*(\*|https?:)/);
    expect(csp).toContain("default-src 'none'");

    const plain = await get(pdf.signedPath);
    expect(plain.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // The flag changes framing of passive types only: HTML still downloads, sandboxed and unframeable.
    const page = await get(`${html.signedPath}&inline=1`);
    expect(page.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(page.headers.get("content-security-policy")).toMatch(/^sandbox;.*frame-ancestors 'none'/);
    // The flag is no key: the signature is still checked.
    const forged = `${pdf.signedPath.replace(/s=[^&]+/, `s=${"A".repeat(43)}`)}&inline=1`;
    expect((await get(forged)).status).toBe(403);
  });

  it("sanitises the folder, binds it to the caller's project and accepts `files` too", async () => {
    const s = await setup();
    const res = await upload(s.owner.token, `noco/${s.projectId}/a.b?c#d/..`, [
      { name: "files", file: file("a.txt", "hi") },
    ]);
    expect(res.status).toBe(200);
    expect(res.body[0].path).toMatch(new RegExp(`^download/noco/${s.projectId}/a_b_c_d/__/[0-9a-z]{18}\\.txt$`));
    // A project the caller does not belong to is refused, whatever the folder says.
    const other = await seedProject([[await seedUser("org-level-creator"), "owner"]]);
    expect(
      (await upload(s.owner.token, `noco/${other}/t/c`, [{ name: "files", file: file("a.txt", "hi") }])).status,
    ).toBe(403);
  });

  it("needs an editor: viewers are refused, anonymous callers must sign in", async () => {
    const s = await setup();
    const parts = [{ name: "files", file: file("a.txt", "hi") }];
    expect((await upload(s.viewer.token, s.folder, parts)).status).toBe(403);
    expect((await upload(undefined, s.folder, parts)).status).toBe(401);
  });

  it("enforces the limits app info announces, with a clear message and nothing stored", async () => {
    const s = await setup();
    const info = await api("GET", `${M}/nocodb/info`);
    expect(info.body).toMatchObject({ ncAttachmentFieldSize: 20 * 1024 * 1024, ncMaxAttachmentsAllowed: 10 });

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: "files[]", file: file(`f${i}.txt`, "x") }));
    expect(await upload(s.owner.token, s.folder, eleven)).toEqual({
      status: 400,
      body: { msg: "At most 10 files can be uploaded at once (11 were sent)" },
    });

    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    const tooBig = await upload(s.owner.token, s.folder, [
      { name: "files[]", file: file("ok.txt", "x") },
      { name: "files[]", file: file("huge.bin", big) },
    ]);
    expect(tooBig).toEqual({ status: 400, body: { msg: "huge.bin is 20 MB, above the limit of 20 MB per file" } });
    expect(await upload(s.owner.token, s.folder, [])).toEqual({
      status: 400,
      body: { msg: "No file was sent (send them as files[] or files)" },
    });
    expect(await objects(`nc/uploads/noco/${s.projectId}/`)).toEqual([]);

    const items = Array.from({ length: 11 }, (_, i) => ({ path: `download/${s.folder}/x${i}.txt`, title: `x${i}` }));
    const row = await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: items } });
    expect(row).toMatchObject({ status: 400, body: { msg: "Files: 11 files are above the maximum of 10" } });
  });

  it("members attach any file, installers and scripts too, unless the instance refuses programs", async () => {
    const s = await setup();
    for (const name of ["setup.exe", "build.bin", "install.sh", "app.apk", "tool.jar", "pkg.deb"]) {
      const stored = await upload(s.owner.token, s.folder, [{ name: "files", file: file(name, "MZ..") }]);
      expect(stored.status, name).toBe(200);
      expect(stored.body[0].title).toBe(name);
    }
    const root = await seedUser("org-level-creator,super");
    const on = await api("POST", "/api/v1/app-settings", { token: root.token, body: { refuse_program_uploads: true } });
    expect(on.status).toBe(200);
    expect((await api("GET", "/api/v1/app-settings", { token: root.token })).body).toEqual({
      refuse_program_uploads: true,
    });
    const none = await api("POST", "/api/v1/app-settings", { token: root.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/refuse_program_uploads/);
    const refused = await upload(s.owner.token, s.folder, [{ name: "files", file: file("setup.exe", "MZ..") }]);
    expect(refused).toEqual({
      status: 400,
      body: { msg: "setup.exe: programs and scripts (.exe) cannot be attached" },
    });
  });

  it("refuses programs by name, type or content when the instance says so", async () => {
    const s = await setup();
    const root = await seedUser("org-level-creator,super");
    await api("POST", "/api/v1/app-settings", { token: root.token, body: { refuse_program_uploads: true } });
    const exe = await upload(s.owner.token, s.folder, [{ name: "files", file: file("setup.exe", "MZ..") }]);
    expect(exe).toEqual({ status: 400, body: { msg: "setup.exe: programs and scripts (.exe) cannot be attached" } });
    const disguised = await upload(s.owner.token, s.folder, [
      { name: "files", file: file("cat.png", new Uint8Array([0x4d, 0x5a, 0x90, 0]), "image/png") },
    ]);
    expect(disguised.status).toBe(400);
    expect(disguised.body.msg).toMatch(/cannot be attached/);
    const badThumb = await upload(s.owner.token, s.folder, [
      { name: "files", file: file("doc.txt", "hi", "text/plain") },
      { name: "thumbnails[0]", file: file("t.webp", "x", "image/webp") },
    ]);
    expect(badThumb).toEqual({ status: 400, body: { msg: "doc.txt: only images have thumbnails" } });
    expect(await objects(`nc/uploads/noco/${s.projectId}/`)).toEqual([]);
  });
});

describe("signed links", () => {
  it("hands readers signed links in rows; refuses unsigned, tampered and expired links", async () => {
    const s = await setup();
    const [item] = (await upload(s.owner.token, s.folder, [{ name: "files", file: file("a.png", PNG, "image/png") }]))
      .body;
    // Derived keys sent back are dropped; the stored value keeps the data only.
    const created = await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: [item] } });
    expect(created.status).toBe(200);
    const read = await api("GET", `${s.T}/1`, { token: s.viewer.token });
    const cell = read.body.Files[0];
    expect(cell).toMatchObject({ path: item.path, title: "a.png" });
    expect((await get(cell.signedPath)).status).toBe(200);
    const listed = await api("GET", s.T, { token: s.viewer.token });
    expect(listed.body.list[0].Files[0].signedUrl).toMatch(/^http:\/\/localhost\/download\/noco\//);

    expect((await get(item.path)).status).toBe(403);
    const tampered = cell.signedPath.replace(/s=./, (m: string) => (m.endsWith("A") ? "s=B" : "s=A"));
    expect((await get(tampered)).status).toBe(403);
    const expired = await signPath(
      "local-development-attachment-secret-not-for-production",
      item.path,
      Date.now() / 1000 - 3 * 3600,
    );
    const res = await get(expired);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ msg: "This link has expired; reopen the record for a fresh one" });
    const missing = await signPath(
      "local-development-attachment-secret-not-for-production",
      `download/${s.folder}/nothing.png`,
    );
    expect((await get(missing)).status).toBe(404);
  });

  it("signs only the project's own files: a cell naming another project's path gets no link", async () => {
    const s = await setup();
    const foreign = { path: "download/noco/p_someoneelse/t/c/abc.png", title: "theirs.png" };
    await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: [foreign] } });
    const read = await api("GET", `${s.T}/1`, { token: s.owner.token });
    expect(read.body.Files[0]).toEqual(foreign);
  });
});

describe("outside local mode", () => {
  const prodEnv = (extra: Record<string, string> = {}) => ({
    ...env,
    MODE: "",
    JWT_SECRET: "jwt-test-secret",
    ...extra,
  });
  const run = (e: typeof env) => async (r: Request) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(r, e, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  async function prodOwner(e: typeof env, user: TestUser) {
    return signSessionToken(e, {
      id: user.id,
      email: user.email,
      firstname: null,
      lastname: null,
      roles: user.roles,
      token_version: "v1",
    });
  }

  it("refuses to store or serve files without ATTACHMENT_SECRET, and does not accept the development key", async () => {
    const s = await setup();
    const e = prodEnv();
    const token = await prodOwner(e, s.owner);
    const res = await upload(token, s.folder, [{ name: "files", file: file("a.txt", "hi") }], run(e));
    expect(res).toEqual({
      status: 501,
      body: { msg: "File storage is not configured: set the ATTACHMENT_SECRET Worker secret" },
    });
    const [item] = (await upload(s.owner.token, s.folder, [{ name: "files", file: file("a.txt", "hi") }])).body;
    expect((await run(e)(new Request(`http://localhost/${item.signedPath}`))).status).toBe(403);
    expect(
      (await run(prodEnv({ ATTACHMENT_SECRET: "another" }))(new Request(`http://localhost/${item.signedPath}`))).status,
    ).toBe(403);
  });

  it("upload-by-url refuses loopback, private and link-local addresses however written", async () => {
    const s = await setup();
    const e = prodEnv({ ATTACHMENT_SECRET: "prod-secret" });
    const token = await prodOwner(e, s.owner);
    const port = new URL(env.FAKE_FILES_URL!).port;
    const cases: Array<[string, string]> = [
      [`${env.FAKE_FILES_URL}/a.png`, "127.0.0.1 is not a public address"],
      [`http://0x7f.1:${port}/a.png`, "127.0.0.1 is not a public address"],
      [`http://2130706433:${port}/a.png`, "127.0.0.1 is not a public address"],
      [`http://[::ffff:127.0.0.1]:${port}/a.png`, "[::ffff:7f00:1] is not a public address"],
      [`http://[::1]:${port}/a.png`, "[::1] is not a public address"],
      [`http://localhost:${port}/a.png`, "localhost is not a public address"],
      ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is not a public address"],
      ["http://10.0.0.7/x", "10.0.0.7 is not a public address"],
      ["http://[fe80::1]/x", "[fe80::1] is not a public address"],
      ["file:///etc/passwd", "file: links cannot be fetched (use http or https)"],
      // Names are resolved (tests/support/fake-dns.ts): every address must be public.
      [
        `http://loopback.gridbase.test:${port}/a.png`,
        "loopback.gridbase.test resolves to 127.0.0.1, which is not a public address",
      ],
      ["http://nowhere.gridbase.test/a.png", "nowhere.gridbase.test does not resolve to any address"],
    ];
    for (const [url, msg] of cases) {
      const res = await run(e)(
        new Request(`http://localhost${UP}-by-url?path=${s.folder}`, {
          method: "POST",
          headers: { "xc-auth": token, "content-type": "application/json" },
          body: JSON.stringify([{ url }]),
        }),
      );
      expect({ url, status: res.status, body: await res.json() }).toEqual({ url, status: 400, body: { msg } });
    }
    expect(await objects(`nc/uploads/noco/${s.projectId}/`)).toEqual([]);
  });
});

describe("upload-by-url in local mode (loopback allowed)", () => {
  const byUrl = (token: string, folder: string, body: unknown) =>
    api("POST", `${UP}-by-url?path=${folder}`, { token, body });

  it("downloads and stores the file, following a redirect", async () => {
    const s = await setup();
    const res = await byUrl(s.owner.token, s.folder, [
      { url: `${env.FAKE_FILES_URL}/a.png` },
      { url: `${env.FAKE_FILES_URL}/moved`, fileName: "logo.png" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ title: "a.png", mimetype: "image/png", size: PNG.byteLength });
    expect(res.body[1]).toMatchObject({ title: "logo.png", mimetype: "image/png" });
    expect(new Uint8Array(await (await get(res.body[1].signedPath)).arrayBuffer())).toEqual(PNG);
  });

  it("caps the size, declared or streamed, and reports failures", async () => {
    const s = await setup();
    for (const [path, msg] of [
      ["big", "The file is larger than 20971520 bytes"],
      ["endless", "The file is larger than 20971520 bytes"],
      ["missing", /answered 404$/],
    ] as const) {
      const res = await byUrl(s.owner.token, s.folder, [{ url: `${env.FAKE_FILES_URL}/${path}` }]);
      expect(res.status, path).toBe(400);
      expect(res.body.msg, path).toMatch(msg);
    }
    expect((await byUrl(s.owner.token, s.folder, [{ nope: 1 }])).body).toEqual({
      msg: "The body must be a list of {url, fileName?, mimetype?}",
    });
  });

  it("gives up on a server that does not answer", { timeout: 40_000 }, async () => {
    const s = await setup();
    const res = await byUrl(s.owner.token, s.folder, [{ url: `${env.FAKE_FILES_URL}/slow` }]);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { msg: `${env.FAKE_FILES_URL}/slow took longer than 15 s` },
    });
  });
});

describe("clean-up", () => {
  async function stored(s: Awaited<ReturnType<typeof setup>>, n: number, folder = s.folder) {
    const parts: Part[] = [];
    for (let i = 0; i < n; i++) {
      parts.push({ name: "files[]", file: file(`p${i}.png`, PNG, "image/png") });
      parts.push({ name: `thumbnails[${i}]`, file: file("t.webp", "w", "image/webp") });
    }
    return (await upload(s.owner.token, folder, parts)).body as any[];
  }
  const keysOf = (items: any[]) =>
    items.flatMap((i) => [i.path, i.thumbnail]).map((p: string) => `nc/uploads/${p.slice("download/".length)}`);
  const gone = (keys: string[]) =>
    eventually(async () => (await Promise.all(keys.map((k) => env.ATTACHMENTS.head(k)))).every((o) => o === null));
  const present = async (keys: string[]) =>
    (await Promise.all(keys.map((k) => env.ATTACHMENTS.head(k)))).every((o) => o !== null);
  /** A deleted record's files stay while its trash entry does (issue 35): emptying the trash lets them go. */
  const emptyTrash = async (s: Awaited<ReturnType<typeof setup>>) =>
    expect((await api("DELETE", `${M}/projects/${s.projectId}/trash`, { token: s.owner.token })).status).toBe(200);

  it("deleting a record, or records in bulk, and purging them from the trash removes their originals and thumbnails", async () => {
    const s = await setup();
    const items = await stored(s, 4);
    for (const [i, name] of ["a", "b", "c"].entries())
      await api("POST", s.T, {
        token: s.owner.token,
        body: { Name: name, Files: i === 0 ? items.slice(0, 2) : [items[i + 1]] },
      });
    expect(await present(keysOf(items))).toBe(true);
    expect((await api("DELETE", `${s.T}/1`, { token: s.owner.token })).status).toBe(200);
    await emptyTrash(s);
    expect(await gone(keysOf(items.slice(0, 2)))).toBe(true);
    expect(await present(keysOf(items.slice(2)))).toBe(true);
    const bulk = await api("DELETE", `/api/v1/db/data/bulk/noco/${s.projectId}/Docs`, {
      token: s.owner.token,
      body: [{ Id: 2 }],
    });
    expect(bulk.status).toBe(200);
    await emptyTrash(s);
    expect(await gone(keysOf([items[2]]))).toBe(true);
    const all = await api("DELETE", `/api/v1/db/data/bulk/noco/${s.projectId}/Docs/all?where=(Name,eq,c)`, {
      token: s.owner.token,
    });
    expect(all.status).toBe(200);
    await emptyTrash(s);
    expect(await gone(keysOf([items[3]]))).toBe(true);
  });

  it("keeps a deleted record's files for the undo window: putting the record back keeps them", async () => {
    const s = await setup();
    const items = await stored(s, 2);
    await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: items } });
    const read = await api("GET", `${s.T}/1`, { token: s.owner.token });
    expect((await api("DELETE", `${s.T}/1`, { token: s.owner.token })).status).toBe(200);
    expect(await present(keysOf(items))).toBe(true);
    // The grid's undo inserts the record again, with the values it read (signed links and all).
    expect((await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: read.body.Files } })).status).toBe(
      200,
    );
    await new Promise((r) => setTimeout(r, 4000));
    expect(await present(keysOf(items))).toBe(true);
  });

  it("a deleted field's or table's files stay while the trash or a snapshot taken before names them, then go", async () => {
    const s = await setup();
    const items = [...(await stored(s, 1)), ...(await stored(s, 1, s.moreFolder))];
    const trash = `${M}/projects/${s.projectId}/trash`;
    const purgeNewest = async () => {
      const [entry] = (await api("GET", trash, { token: s.owner.token })).body.list;
      expect((await api("DELETE", `${trash}/${entry.id}`, { token: s.owner.token })).status).toBe(200);
    };
    await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: [items[0]], More: [items[1]] } });
    expect((await api("DELETE", `${M}/columns/${s.filesId}`, { token: s.owner.token })).status).toBe(200);
    expect(await present(keysOf(items))).toBe(true);
    // Purged from the trash, the field's file is still named by the snapshot taken before the delete.
    await purgeNewest();
    expect((await api("DELETE", `${M}/tables/${s.tableId}`, { token: s.owner.token })).status).toBe(200);
    await purgeNewest();
    // Past the removal delay (2 s here) and the alarm: the automatic snapshots taken before each
    // delete name the files, and restoring one needs them (issue 35).
    await new Promise((r) => setTimeout(r, 3500));
    expect(await present(keysOf(items))).toBe(true);
    // Deleting those snapshots hands their files back to the clean-up.
    const S = `${M}/projects/${s.projectId}/snapshots`;
    const list = (await api("GET", S, { token: s.owner.token })).body.list as Array<{ id: string }>;
    expect(list).toHaveLength(2);
    for (const snap of list)
      expect((await api("DELETE", `${S}/${snap.id}`, { token: s.owner.token })).status).toBe(200);
    expect(await gone(keysOf(items))).toBe(true);
  });

  it("keeps a file while any record names it: deleting one copy of a copied cell leaves the file (N4)", async () => {
    const s = await setup();
    const items = await stored(s, 2);
    await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: items } });
    const read = await api("GET", `${s.T}/1`, { token: s.owner.token });
    // The grid's copy and paste: the cell's value, as read, into two other records.
    for (const name of ["b", "c"])
      expect(
        (await api("POST", s.T, { token: s.owner.token, body: { Name: name, Files: read.body.Files } })).status,
      ).toBe(200);
    expect((await api("DELETE", `${s.T}/2`, { token: s.owner.token })).status).toBe(200);
    expect(
      (
        await api("DELETE", `/api/v1/db/data/bulk/noco/${s.projectId}/Docs`, {
          token: s.owner.token,
          body: [{ Id: 3 }],
        })
      ).status,
    ).toBe(200);
    // Past the removal delay (2 s here) and the alarm: the original record still names the files.
    await new Promise((r) => setTimeout(r, 4000));
    expect(await present(keysOf(items))).toBe(true);
    expect((await get((await api("GET", `${s.T}/1`, { token: s.owner.token })).body.Files[0].signedPath)).status).toBe(
      200,
    );
    // The last record naming them goes, and the trash is emptied: so do they.
    expect((await api("DELETE", `${s.T}/1`, { token: s.owner.token })).status).toBe(200);
    await emptyTrash(s);
    expect(await gone(keysOf(items))).toBe(true);
  });

  it("refuses a value naming another field's or table's upload, with a 400 naming the field (N4)", async () => {
    const s = await setup();
    const [mine] = await stored(s, 1);
    await api("POST", s.T, { token: s.owner.token, body: { Name: "a", Files: [mine] } });
    const intoMore = await api("POST", s.T, { token: s.owner.token, body: { Name: "b", More: [mine] } });
    expect(intoMore).toMatchObject({
      status: 400,
      body: { msg: `More: "${mine.path}" was uploaded to another field; upload the file to More instead` },
    });
    const patched = await api("PATCH", `${s.T}/1`, { token: s.owner.token, body: { More: [{ path: mine.path }] } });
    expect(patched.status).toBe(400);
    const other = await api("POST", `${M}/projects/${s.projectId}/tables`, {
      token: s.owner.token,
      body: { table_name: "Other", columns: [{ title: "Files", uidt: "Attachment" }] },
    });
    expect(other.status).toBe(200);
    const elsewhere = await api("POST", `/api/v1/db/data/noco/${s.projectId}/Other`, {
      token: s.owner.token,
      body: { Files: [mine] },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toMatch(/^Files: .* was uploaded to another field/);
    // Nothing was written; deleting the one record that names the file removes it.
    expect((await api("GET", `${s.T}/1`, { token: s.owner.token })).body.More).toBeNull();
    expect((await api("DELETE", `${s.T}/1`, { token: s.owner.token })).status).toBe(200);
    await emptyTrash(s);
    expect(await gone(keysOf([mine]))).toBe(true);
  });
});
