import { beforeAll, describe, expect, it } from "vitest";
import { api, formStartHeader, seedProject, seedUser, workerFetch, type TestUser } from "./support";

/**
 * A form view's record template (issue 37) through the public shared form: the visitor's form
 * starts with the template's values of the questions it shows (and is never told a hidden
 * field's); on submit the server sets the fields the form does not ask from the view's stored
 * template, whatever the visitor sends for them, and the visitor's answers to shown questions win.
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function submit(uuid: string, data: unknown) {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  const headers = await formStartHeader(uuid);
  return workerFetch(new Request(`http://localhost${P}/${uuid}/rows`, { method: "POST", body, headers }));
}

let owner: TestUser;
let editor: TestUser;
let projectId: string;
let formId: string;
let uuid: string;
const col: Record<string, string> = {};

const rowOf = async (name: string) =>
  (
    (
      await call(
        owner,
        "GET",
        `/api/v1/db/data/noco/${projectId}/Requests?where=${encodeURIComponent(`(Name,eq,${name})`)}`,
      )
    ).body.list as Array<Record<string, unknown>>
  )[0];
const setTemplate = async (values: Record<string, unknown>) => {
  const res = await call(editor, "PUT", `${M}/views/${formId}/record-template`, { values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  owner = await seedUser("org-level-creator");
  editor = await seedUser("org-level-viewer");
  projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Requests",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "Todo" }, { title: "Done" }] } },
      { title: "Kind", uidt: "SingleSelect", colOptions: { options: [{ title: "Private" }, { title: "Business" }] } },
      { title: "Company", uidt: "SingleLineText" },
      { title: "Source", uidt: "SingleLineText" },
      { title: "Points", uidt: "Number" },
      { title: "Tier", uidt: "SingleSelect", colOptions: { options: [{ title: "Gold" }, { title: "Silver" }] } },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  for (const c of table.body.columns as Array<{ title: string; id: string }>) col[c.title] = c.id;
  formId = (await call(owner, "POST", `${M}/tables/${table.body.id}/forms`, { title: "Ask" })).body.id;
  const form = await call(owner, "GET", `${M}/forms/${formId}`);
  for (const fc of form.body.columns as Array<{ id: string; fk_column_id: string }>) {
    const title = Object.keys(col).find((t) => col[t] === fc.fk_column_id);
    // Source, Points and Tier are not in the form; Company is asked only of a business.
    const patch =
      title === "Source" || title === "Points" || title === "Tier"
        ? { show: false }
        : title === "Company"
          ? {
              meta: {
                visibility: {
                  is_group: true,
                  logical_op: "and",
                  children: [{ fk_column_id: col.Kind, comparison_op: "eq", value: "Business" }],
                },
              },
            }
          : null;
    if (patch) expect((await call(owner, "PATCH", `${M}/form-columns/${fc.id}`, patch)).status).toBe(200);
  }
  uuid = (await call(owner, "POST", `${M}/views/${formId}/share`)).body.uuid;
  await setTemplate({
    [col.Status!]: "Todo",
    [col.Company!]: "Template Co",
    [col.Source!]: "web form",
    [col.Points!]: 5,
  });
});

describe("a shared form and its view's record template", () => {
  it("starts the visitor's form with the shown questions' values only, and a new template shows at once", async () => {
    const meta = await api("GET", `${P}/${uuid}/meta`);
    expect(meta.status).toBe(200);
    expect(meta.body.view.record_template).toEqual({ [col.Status!]: "Todo", [col.Company!]: "Template Co" });
    await setTemplate({ [col.Status!]: "Done", [col.Source!]: "web form", [col.Points!]: 5 });
    expect((await api("GET", `${P}/${uuid}/meta`)).body.view.record_template).toEqual({ [col.Status!]: "Done" });
    await setTemplate({
      [col.Status!]: "Todo",
      [col.Company!]: "Template Co",
      [col.Source!]: "web form",
      [col.Points!]: 5,
    });
  });

  it("fills the fields the form does not ask from the stored template; an answer cleared stays empty", async () => {
    const res = await submit(uuid, { Name: "Ann", Kind: "Private" });
    expect(res.status, await res.clone().text()).toBe(200);
    // Company was hidden by its condition: the visitor was not asked, so it takes the default too.
    expect(await rowOf("Ann")).toMatchObject({
      Source: "web form",
      Points: 5,
      Company: "Template Co",
      Kind: "Private",
      Status: null,
    });
  });

  it("keeps the visitor's answers to shown questions over the template", async () => {
    const res = await submit(uuid, { Name: "Bob", Kind: "Business", Company: "ACME", Status: "Done" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowOf("Bob")).toMatchObject({ Status: "Done", Company: "ACME", Source: "web form", Points: 5 });
  });

  it("never lets a visitor set a field the form does not ask, with or without a template", async () => {
    const res = await submit(uuid, { Name: "Cy", Source: "sneaky", Points: 99, Status: "Todo" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowOf("Cy")).toMatchObject({ Source: "web form", Points: 5, Status: "Todo" });

    await setTemplate({});
    const bare = await submit(uuid, { Name: "Dee", Source: "sneaky", Points: 99 });
    expect(bare.status, await bare.clone().text()).toBe(200);
    expect(await rowOf("Dee")).toMatchObject({ Source: null, Points: null });
  });

  it("leaves out a default its field no longer takes rather than refusing the visitor", async () => {
    await setTemplate({ [col.Source!]: "web form", [col.Tier!]: "Gold" });
    // Gold is no option of Tier any more.
    const changed = await call(owner, "PATCH", `${M}/columns/${col.Tier!}`, {
      title: "Tier",
      uidt: "SingleSelect",
      colOptions: { options: [{ title: "Silver" }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await submit(uuid, { Name: "Eve" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowOf("Eve")).toMatchObject({ Source: "web form", Tier: null });
  });
});
