/**
 * Regression tests of the security issue's low findings (issue 32) and issue 42's items 11 and 12:
 * oversized ids, API tokens that manage tokens, null in required fields with a default, body sizes,
 * form start tokens and the honeypot. Sign-up of a known address and forgot-password's work are in
 * auth-signup.test.ts and auth-password-reset.test.ts; the local sign-in lock in auth-signin.test.ts.
 */
import { describe, expect, it } from "vitest";
import { api, formStartHeader, seedProject, seedUser, workerFetch } from "./support";

const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Tasks",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Status", uidt: "SingleLineText", rqd: true, cdf: "Todo" },
      ],
    },
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  return {
    owner,
    projectId,
    table: table.body as { id: string; views: Array<{ id: string }> },
    rows: `/api/v1/db/data/noco/${projectId}/Tasks`,
    bulk: `/api/v1/db/data/bulk/noco/${projectId}/Tasks`,
  };
}

describe("oversized ids (N6)", () => {
  it("answer 400 with a message in the body, the path and the query, on several routes", async () => {
    const { owner, projectId, table, rows } = await setup();
    const huge = "x".repeat(5_000_000);
    const long = "x".repeat(300);
    const comment = await api("POST", `${M}/audits/comments`, {
      token: owner.token,
      body: { fk_model_id: huge, row_id: 1, description: "hi" },
    });
    expect(comment.status).toBe(400);
    expect(comment.body).toEqual({ msg: "fk_model_id: an id may be at most 255 characters" });
    const hook = await api("POST", `${M}/tables/${table.id}/hooks`, {
      token: owner.token,
      body: { title: "h", event: "after", operation: "insert", fk_model_id: long },
    });
    expect(hook.status).toBe(400);
    expect(hook.body.msg).toMatch(/an id may be at most 255 characters/);
    for (const path of [
      `${M}/tables/${long}`,
      `${M}/projects/${long}/tables`,
      `${rows}/${long}`,
      `/api/v1/db/data/noco/${projectId}/${long}`,
      `${M}/views/${long}/filters`,
    ]) {
      const res = await api("GET", path, { token: owner.token });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ msg: "An id or name in the path may be at most 255 characters" });
    }
    for (const path of [
      `${M}/audits/comments?fk_model_id=${long}&row_id=1`,
      `${M}/audits/comments/count?fk_model_id=${table.id}&ids[]=${long}`,
    ]) {
      const res = await api("GET", path, { token: owner.token });
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toMatch(/^(fk_model_id|ids\[\]): an id may be at most 255 characters$/);
    }
    const url = await api("GET", `${rows}?where=${"a".repeat(20_000)}`, { token: owner.token });
    expect(url.status).toBe(400);
    expect(url.body).toEqual({ msg: "The request URL is longer than 16 KB" });
    // Ordinary ids still work.
    expect((await api("GET", `${M}/tables/${table.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe("API tokens (N9)", () => {
  it("cannot delete the user's other tokens or themselves; a session can", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const make = async () => (await api("POST", "/api/v1/tokens", { token: owner.token, body: {} })).body;
    const a = await make();
    const b = await make();
    const headers = { "xc-token": a.token as string };
    for (const path of [
      `/api/v1/tokens/${b.id}`,
      `/api/v1/tokens/${a.id}`,
      `${M}/projects/${projectId}/api-tokens/${b.id}`,
      `${M}/projects/${projectId}/api-tokens/${b.token}`,
    ]) {
      const res = await api("DELETE", path, { headers });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ msg: "Not allowed with API token" });
    }
    expect((await api("GET", "/api/v1/tokens", { token: owner.token })).body.list).toHaveLength(2);
    expect((await api("DELETE", `/api/v1/tokens/${b.id}`, { token: owner.token })).body).toBe(1);
  });
});

describe("required fields with a default (N10)", () => {
  it("refuse an explicit null on update and bulk update, naming the field, and nothing is written; an insert gets the default", async () => {
    const { owner, rows, bulk } = await setup();
    const made = await api("POST", rows, { token: owner.token, body: { Title: "a" } });
    expect(made.body).toMatchObject({ Status: "Todo" });
    const id = made.body.Id as number;
    const patch = await api("PATCH", `${rows}/${id}`, { token: owner.token, body: { Status: null } });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ msg: "Status is required" });
    const insert = await api("POST", rows, { token: owner.token, body: { Title: "c", Status: null } });
    expect(insert.body).toMatchObject({ Status: "Todo" });
    const second = insert.body.Id as number;
    const many = await api("PATCH", bulk, {
      token: owner.token,
      body: [
        { Id: id, Status: "Done" },
        { Id: second, Status: null },
      ],
    });
    expect(many.status).toBe(400);
    expect(many.body.msg).toMatch(/Status is required/);
    const list = (await api("GET", rows, { token: owner.token })).body.list as Array<Record<string, unknown>>;
    expect(list.map((r) => [r.Title, r.Status])).toEqual([
      ["a", "Todo"],
      ["c", "Todo"],
    ]);
  });
});

describe("body sizes (issue 42 item 11)", () => {
  it("answers 413 with a message for a large body of any declared type, never 500", async () => {
    const { owner, bulk } = await setup();
    // 40 MB of rows, each small: as multipart it passed the JSON limit and reached the room (500).
    const row = JSON.stringify({ Title: "t".repeat(900_000) });
    const text = `[${Array.from({ length: 45 }, () => row).join(",")}]`;
    for (const type of ["multipart/form-data; boundary=x", "application/octet-stream"]) {
      const res = await workerFetch(
        new Request(`http://localhost${bulk}`, {
          method: "POST",
          headers: { "xc-auth": owner.token, "content-type": type, "content-length": String(text.length) },
          body: text,
        }),
      );
      expect(res.status, type).toBe(413);
      expect(await res.json()).toEqual({ msg: "The request body exceeds the limit of 10 MB" });
    }
    // Streamed without a length, in a type the limit did not read.
    const chunk = new Uint8Array(1024 * 1024).fill(97);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await workerFetch(
      new Request(`http://localhost${bulk}`, {
        method: "POST",
        headers: { "xc-auth": owner.token, "content-type": "application/octet-stream" },
        body: stream,
      }),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(13);
    expect((await api("GET", bulk.replace("/bulk", ""), { token: owner.token })).body.list).toEqual([]);
  });
});

describe("a shared form's start token and honeypot (issue 42 item 12)", () => {
  it("always needs a valid start token, 2 s old by default, used once; the honeypot is checked in JSON too", async () => {
    const { owner, table, rows } = await setup();
    const form = await api("POST", `${M}/tables/${table.id}/forms`, { token: owner.token, body: { title: "F" } });
    const uuid = (await api("POST", `${M}/views/${form.body.id}/share`, { token: owner.token })).body.uuid as string;
    const P = `/api/v1/db/public/shared-view/${uuid}`;
    const send = (data: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api("POST", `${P}/rows`, { body: data, headers });
    // No token, a forged one, and a fresh one sent at once (the default minimum is 2 s).
    expect((await send({ Title: "a" })).body.msg).toMatch(/start token is missing or not valid/);
    expect((await send({ Title: "b" }, { "xc-form-start": "123.abc" })).body.msg).toMatch(/not valid/);
    const meta = await api("GET", `${P}/meta`);
    expect(meta.body.form_min_fill_seconds).toBe(2);
    const fresh = await send({ Title: "c", gb_start: meta.body.form_start });
    expect(fresh.status).toBe(400);
    expect(fresh.body.msg).toMatch(/too quickly/);
    // A filled honeypot in a JSON body.
    const bot = await send({ Title: "d", gb_hp: "http://spam.example" }, await formStartHeader(uuid));
    expect(bot).toMatchObject({ status: 400, body: { msg: "The submission was refused as spam" } });
    // A token sends one record; a refused record leaves it usable.
    const start = await formStartHeader(uuid);
    const refused = await send({ Title: "e".repeat(1_000_001) }, start);
    expect(refused.status).toBe(400);
    const ok = await send({ Title: "e", gb_hp: "" }, start);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).not.toHaveProperty("gb_hp");
    const again = await send({ Title: "f" }, start);
    expect(again).toMatchObject({
      status: 400,
      body: { msg: "This form was already sent once: reload it to send another answer" },
    });
    const titles = ((await api("GET", rows, { token: owner.token })).body.list as Array<{ Title: string }>).map(
      (r) => r.Title,
    );
    expect(titles).toEqual(["e"]);
  });
});
