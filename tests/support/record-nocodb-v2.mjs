/**
 * Records NocoDB 0.301.3's answers to the v2 API requests the Gridbase v2 tests make, one JSON file
 * per request in tests/support/nocodb-v2-fixtures/ ({request, status, body}). The tests compare
 * shapes (keys and value types), never ids or timestamps.
 *
 * Recorded with the peer of /work/shared/peer/setup-nocodb.sh running:
 *   PEER=http://127.0.0.1:8080 PEER_EMAIL=bench@example.com PEER_PASSWORD='Password123!' \
 *     node tests/support/record-nocodb-v2.mjs
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PEER = process.env.PEER ?? "http://127.0.0.1:8080";
const out = fileURLToPath(new URL("./nocodb-v2-fixtures/", import.meta.url));
mkdirSync(out, { recursive: true });

async function call(method, path, body, headers = {}) {
  const res = await fetch(PEER + path, {
    method,
    headers: { "content-type": "application/json", ...auth, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

let auth = {};
async function record(name, method, path, body) {
  const res = await call(method, path, body);
  writeFileSync(`${out}${name}.json`, JSON.stringify({ request: { method, path, body }, ...res }, null, 2) + "\n");
  console.log(res.status, method, path, "->", name);
  return res.body;
}

const signin = await call("POST", "/api/v1/auth/user/signin", {
  email: process.env.PEER_EMAIL ?? "bench@example.com",
  password: process.env.PEER_PASSWORD ?? "Password123!",
});
if (!signin.body.token) throw new Error(`sign-in failed: ${JSON.stringify(signin.body)}`);
auth = { "xc-auth": signin.body.token };

// Bases
const base = await record("base-create", "POST", "/api/v2/meta/bases", { title: "v2 fixtures" });
await record("base-list", "GET", "/api/v2/meta/bases");
await record("base-read", "GET", `/api/v2/meta/bases/${base.id}`);
await record("base-update", "PATCH", `/api/v2/meta/bases/${base.id}`, { title: "v2 fixtures renamed" });

// Tables
const authors = await record("table-create", "POST", `/api/v2/meta/bases/${base.id}/tables`, {
  title: "Authors",
  table_name: "authors",
  columns: [
    { column_name: "title", title: "Title", uidt: "SingleLineText" },
    { column_name: "age", title: "Age", uidt: "Number" },
  ],
});
const books = await call("POST", `/api/v2/meta/bases/${base.id}/tables`, {
  title: "Books",
  table_name: "books",
  columns: [{ column_name: "title", title: "Title", uidt: "SingleLineText" }],
});
await record("table-list", "GET", `/api/v2/meta/bases/${base.id}/tables`);
await record("table-read", "GET", `/api/v2/meta/tables/${authors.id}`);
await record("table-update", "PATCH", `/api/v2/meta/tables/${authors.id}`, { title: "Writers", table_name: "writers" });

// Columns, a Links column among them
await record("column-create", "POST", `/api/v2/meta/tables/${authors.id}/columns`, {
  title: "Country",
  column_name: "country",
  uidt: "SingleLineText",
});
const withLink = await record("column-create-links", "POST", `/api/v2/meta/tables/${authors.id}/columns`, {
  title: "Books",
  uidt: "Links",
  parentId: authors.id,
  childId: books.body.id,
  type: "hm",
});
const country = withLink.columns.find((c) => c.title === "Country");
const linkCol = withLink.columns.find((c) => c.title === "Books");
await record("column-update", "PATCH", `/api/v2/meta/columns/${country.id}`, {
  title: "Nation",
  column_name: "country",
  uidt: "SingleLineText",
});

// Records
const T = `/api/v2/tables/${authors.id}`;
await record("records-create-one", "POST", `${T}/records`, { Title: "Ann", Age: 31 });
await record("records-create-bulk", "POST", `${T}/records`, [
  { Title: "Bob", Age: 42 },
  { Title: "Cid", Age: 25 },
  { Title: "Dee", Age: 42 },
]);
await record("records-list", "GET", `${T}/records`);
await record(
  "records-list-query",
  "GET",
  `${T}/records?where=${encodeURIComponent("(Age,gt,30)")}&sort=-Age&fields=Title,Age&limit=2&offset=1`,
);
await record("records-read", "GET", `${T}/records/1`);
await record("records-read-fields", "GET", `${T}/records/1?fields=Title`);
await record("records-count", "GET", `${T}/records/count?where=${encodeURIComponent("(Age,eq,42)")}`);
await record("records-update", "PATCH", `${T}/records`, [{ Id: 1, Age: 32 }]);
await record("records-update-bulk", "PATCH", `${T}/records`, [
  { Id: 2, Age: 43 },
  { Id: 3, Title: "Cyd" },
]);
await record("records-delete", "DELETE", `${T}/records`, [{ Id: 4 }]);
await record("records-delete-bulk", "DELETE", `${T}/records`, [{ Id: 4 }]);

// Links
const B = `/api/v2/tables/${books.body.id}`;
await call("POST", `${B}/records`, [{ Title: "B1" }, { Title: "B2" }, { Title: "B3" }]);
const L = `${T}/links/${linkCol.id}/records/1`;
await record("links-add", "POST", L, [{ Id: 1 }, { Id: 2 }]);
await record("links-add-one", "POST", L, { Id: 3 });
await record("links-list", "GET", L);
await record("links-remove", "DELETE", L, [{ Id: 2 }]);
await record("records-list-after-links", "GET", `${T}/records`);

// Views, filters, sorts
const views = await record("views-list", "GET", `/api/v2/meta/tables/${authors.id}/views`);
const viewId = views.list[0].id;
const age = withLink.columns.find((c) => c.title === "Age");
await record("filter-create", "POST", `/api/v2/meta/views/${viewId}/filters`, {
  fk_column_id: age.id,
  comparison_op: "gt",
  value: "20",
});
await record("filter-list", "GET", `/api/v2/meta/views/${viewId}/filters`);
await record("sort-create", "POST", `/api/v2/meta/views/${viewId}/sorts`, { fk_column_id: age.id, direction: "desc" });
await record("sort-list", "GET", `/api/v2/meta/views/${viewId}/sorts`);
await record("records-list-view", "GET", `${T}/records?viewId=${viewId}`);

// Aggregates (NocoDB needs the view; a field is named by its id)
const aggregation = encodeURIComponent(
  JSON.stringify([
    { field: age.id, type: "sum" },
    { field: age.id, type: "avg" },
  ]),
);
await record("aggregate", "GET", `${T}/aggregate?viewId=${viewId}&aggregation=${aggregation}`);
await record(
  "aggregate-where",
  "GET",
  `${T}/aggregate?viewId=${viewId}&aggregation=${aggregation}&where=${encodeURIComponent("(Age,gt,40)")}`,
);

// Bulk reads: several pages or groups at once, each under its alias
await record("bulk-datalist", "POST", `${T}/bulk/dataList?viewId=${viewId}`, [
  { alias: "old", where: "(Age,gt,30)" },
  { alias: "all", limit: 2 },
]);
await record("bulk-group", "POST", `${T}/bulk/group?viewId=${viewId}`, [{ alias: "byAge", column_name: "Age" }]);

// Errors
await record("error-unknown-table", "GET", "/api/v2/tables/mzzzzzzzzzzzzzz/records");
await record("error-bad-where", "GET", `${T}/records?where=${encodeURIComponent("(Nope,eq,1)")}`);
await record("error-unknown-record", "GET", `${T}/records/9999`);
const signedIn = auth;
auth = {};
await record("error-no-auth", "GET", `${T}/records`);
auth = signedIn;

// Removal
await record("column-delete", "DELETE", `/api/v2/meta/columns/${country.id}`);
await record("table-delete", "DELETE", `/api/v2/meta/tables/${books.body.id}`);
await record("base-delete", "DELETE", `/api/v2/meta/bases/${base.id}`);
