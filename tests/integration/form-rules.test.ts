import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, seedProject, seedUser, workerFetch, type TestUser, formStartHeader } from "./support";

/**
 * A form's content rules (issue 22) on the server, through the public submit route: conditional
 * questions drop their answers and are not required when hidden, per-question validation answers
 * 400 with the builder's message, and a prefilled (even locked) answer gets no pass.
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function submit(uuid: string, data: unknown, files: Array<[string, File]> = []) {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  for (const [name, file] of files) body.append(name, file);
  const headers = await formStartHeader(uuid);
  return workerFetch(new Request(`http://localhost${P}/${uuid}/rows`, { method: "POST", body, headers }));
}
const msgOf = async (res: Response) => ((await res.json()) as { msg: string }).msg;

let owner: TestUser;
let projectId: string;
let uuid: string;
let formId: string;
const q: Record<string, string> = {}; // form column id by field title
const col: Record<string, string> = {};

const rows = async (where: string) =>
  (await call(owner, "GET", `/api/v1/db/data/noco/${projectId}/Applications?where=${encodeURIComponent(where)}`)).body
    .list as Array<Record<string, unknown>>;

beforeAll(async () => {
  owner = await seedUser("org-level-creator");
  projectId = await seedProject([[owner, "owner"]]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Applications",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Kind", uidt: "SingleSelect", colOptions: { options: [{ title: "Private" }, { title: "Business" }] } },
      { title: "Company", uidt: "SingleLineText" },
      { title: "Code", uidt: "SingleLineText" },
      { title: "Age", uidt: "Number" },
      { title: "Start", uidt: "Date" },
      { title: "Files", uidt: "Attachment" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  for (const c of table.body.columns as Array<{ title: string; id: string }>) col[c.title] = c.id;
  const form = await call(owner, "POST", `${M}/tables/${table.body.id}/forms`, { title: "Apply" });
  formId = form.body.id;
  const read = await call(owner, "GET", `${M}/forms/${formId}`);
  for (const fc of read.body.columns as Array<{ id: string; fk_column_id: string }>) {
    const title = Object.keys(col).find((t) => col[t] === fc.fk_column_id);
    if (title) q[title] = fc.id;
  }
  const businessOnly = {
    is_group: true,
    logical_op: "and",
    children: [{ fk_column_id: col.Kind, comparison_op: "eq", value: "business" }],
  };
  const patches: Array<[string, unknown]> = [
    ["Company", { required: true, meta: { visibility: businessOnly } }],
    [
      "Code",
      {
        meta: {
          validation: { pattern: "[A-Z]{2}-\\d{3}", message: "Use two capitals, a dash and three digits" },
          prefill: { lock: true },
        },
      },
    ],
    ["Age", { meta: { validation: { min: 18, max: 120 } } }],
    ["Start", { meta: { validation: { min: "2026-01-01" }, pageBreak: true } }],
    ["Files", { meta: { validation: { fileTypes: [".pdf"], maxFiles: 1, message: "One PDF only" } } }],
  ];
  for (const [title, body] of patches) {
    const res = await call(owner, "PATCH", `${M}/form-columns/${q[title]}`, body);
    expect(res.status, `${title}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  const shared = await call(owner, "POST", `${M}/views/${formId}/share`);
  uuid = shared.body.uuid;
});

describe("conditional questions on the server", () => {
  it("drops the answer of a hidden question and does not require it", async () => {
    const res = await submit(uuid, { Name: "Ann", Kind: "Private", Company: "Sneaky Ltd" });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await rows("(Name,eq,Ann)");
    expect(row).toMatchObject({ Kind: "Private", Company: null });
  });
  it("requires and keeps the answer once the condition holds", async () => {
    const missing = await submit(uuid, { Name: "Bob", Kind: "Business" });
    expect(missing.status).toBe(400);
    expect(await msgOf(missing)).toBe("Company is required");
    const res = await submit(uuid, { Name: "Bob", Kind: "Business", Company: "ACME" });
    expect(res.status).toBe(200);
    expect((await rows("(Name,eq,Bob)"))[0]).toMatchObject({ Company: "ACME" });
  });
});

describe("validation per question on the server", () => {
  it("refuses a text off the pattern with the builder's message, and number and date limits with a default naming the field", async () => {
    expect(await msgOf(await submit(uuid, { Name: "C", Code: "ab-123" }))).toBe(
      "Use two capitals, a dash and three digits",
    );
    const young = await submit(uuid, { Name: "C", Age: 17 });
    expect(young.status).toBe(400);
    expect(await msgOf(young)).toBe("Age must be at least 18");
    expect(await msgOf(await submit(uuid, { Name: "C", Age: "121" }))).toBe("Age must be at most 120");
    expect(await msgOf(await submit(uuid, { Name: "C", Start: "2025-12-31" }))).toBe(
      "Start must be on or after 2026-01-01",
    );
    expect(await rows("(Name,eq,C)")).toEqual([]);
    const ok = await submit(uuid, { Name: "C", Code: "AB-123", Age: 18, Start: "2026-01-01" });
    expect(ok.status).toBe(200);
  });
  it("refuses a file of another type or too many files, and removes the files it had stored", async () => {
    const txt = new File(["hello"], "note.txt", { type: "text/plain" });
    const pdf = (n: string) => new File(["%PDF-1.4\n%%EOF\n"], n, { type: "application/pdf" });
    const wrong = await submit(uuid, { Name: "D" }, [["_Files", txt]]);
    expect(wrong.status).toBe(400);
    expect(await msgOf(wrong)).toBe("One PDF only");
    expect(
      (
        await submit(uuid, { Name: "D" }, [
          ["_Files", pdf("a.pdf")],
          ["_Files", pdf("b.pdf")],
        ])
      ).status,
    ).toBe(400);
    const listed = await env.ATTACHMENTS.list({ prefix: `nc/uploads/noco/${projectId}/` });
    expect(listed.objects).toEqual([]);
    const ok = await submit(uuid, { Name: "D" }, [["_Files", pdf("a.pdf")]]);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await rows("(Name,eq,D)"))[0]!.Files).toMatchObject([{ title: "a.pdf" }]);
  });
  it("gives a prefilled, locked answer no pass: the rules apply to what arrives", async () => {
    // The visitor's link said ?Code=bad; the lock only lives in the browser.
    const res = await submit(uuid, { Name: "E", Code: "bad" });
    expect(res.status).toBe(400);
    expect(await msgOf(res)).toBe("Use two capitals, a dash and three digits");
  });
});

describe("saving rules", () => {
  it("refuses a pattern that does not compile, min above max and a condition on the question itself", async () => {
    const bad = async (title: string, meta: unknown) => {
      const res = await call(owner, "PATCH", `${M}/form-columns/${q[title]}`, { meta });
      expect(res.status).toBe(400);
      return res.body.msg as string;
    };
    expect(await bad("Code", { validation: { pattern: "([A-Z" } })).toMatch(/regular expression/);
    expect(await bad("Age", { validation: { min: 10, max: 1 } })).toMatch(/minimum/);
    expect(
      await bad("Company", {
        visibility: {
          is_group: true,
          logical_op: "and",
          children: [{ fk_column_id: col.Company, comparison_op: "blank" }],
        },
      }),
    ).toMatch(/own answer/);
    const read = await call(owner, "GET", `${M}/forms/${formId}`);
    const code = read.body.columns.find((c: { id: string }) => c.id === q.Code);
    expect(code.meta.validation.pattern).toBe("[A-Z]{2}-\\d{3}");
  });
});

describe("banner and logo are uploads (issue 18)", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (ch) => ch.charCodeAt(0),
  );
  it("keeps the uploaded image item, answers it with a signed link to the builder and the visitor, and refuses a non-image", async () => {
    const body = new FormData();
    body.append("files[]", new File([PNG], "banner.png", { type: "image/png" }));
    const up = await workerFetch(
      new Request(
        `http://localhost/api/v1/db/storage/upload?path=${encodeURIComponent(`noco/${projectId}/forms/${formId}`)}`,
        { method: "POST", body, headers: { "xc-auth": owner.token } },
      ),
    );
    expect(up.status, await up.clone().text()).toBe(200);
    const [item] = (await up.json()) as Array<{ path: string; title: string; mimetype: string; size: number }>;
    expect(
      (
        await call(owner, "PATCH", `${M}/forms/${formId}`, {
          banner_image_url: item,
          logo_url: { ...item, title: "logo.png" },
        })
      ).status,
    ).toBe(200);
    const read = await call(owner, "GET", `${M}/forms/${formId}`);
    expect(read.body.banner_image_url).toMatchObject({ path: item!.path, title: "banner.png", mimetype: "image/png" });
    expect(read.body.banner_image_url.signedPath).toMatch(/^download\/noco\/.+\?e=\d+&s=/);
    const meta = await api("GET", `${P}/${uuid}/meta`);
    const signed = meta.body.view.logo_url.signedPath as string;
    expect(signed).toMatch(/\?e=\d+&s=/);
    const img = await workerFetch(new Request(`http://localhost/${signed}`));
    expect(img.status).toBe(200);
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);

    const notImage = await call(owner, "PATCH", `${M}/forms/${formId}`, {
      banner_image_url: { ...item, mimetype: "application/pdf" },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toMatch(/banner_image_url/);
    expect(
      (
        await call(owner, "PATCH", `${M}/forms/${formId}`, {
          logo_url: { path: "../../etc", title: "x", mimetype: "image/png" },
        })
      ).status,
    ).toBe(400);
    expect((await call(owner, "PATCH", `${M}/forms/${formId}`, { banner_image_url: null })).status).toBe(200);
    expect((await call(owner, "GET", `${M}/forms/${formId}`)).body.banner_image_url).toBeNull();
  });
});
