/**
 * The one case list of computed fields (db/query/computed.ts), run unchanged on SQLite (workerd),
 * PostgreSQL and MariaDB. A small shop: customers have many orders (hm; orders belong to a
 * customer, bt), orders have many lines (hm) and many tags through a junction table (mm). On it:
 * links of each kind, lookups through each kind (a lookup of a lookup through bt, and of a list
 * through hm, flattened), every rollup function, formulas over lookups and rollups, and filters
 * and sorts on them. Each case's `expect` is the single truth for all three dialects.
 * Averages are chosen to be exact, so no dialect's decimal rounding shows.
 */
import { ROLLUP_FUNCTIONS } from "../../db/fields/Rollup";
import type { Stored, UIType } from "../../db/fields/types";
import type { ComputedSchema } from "../../db/query/computed";
import type { ColumnRow, ModelRow } from "../../db/store/schema";

const TS = "2024-01-01T00:00:00.000Z";

function model(id: string, tableName: string, mm = 0): ModelRow {
  return { id, title: tableName, tableName, type: "table", mm, meta: "{}", order: 0, createdAt: TS, updatedAt: TS };
}

let order = 0;
function col(modelId: string, id: string, title: string, uidt: UIType, extra: Partial<ColumnRow> = {}): ColumnRow {
  return {
    id,
    modelId,
    title,
    columnName: null,
    uidt,
    dt: null,
    pk: 0,
    pv: 0,
    ai: 0,
    rqd: 0,
    unique: 0,
    system: 0,
    cdf: null,
    meta: "{}",
    colOptions: null,
    description: null,
    order: ++order,
    createdAt: TS,
    updatedAt: TS,
    ...extra,
  };
}
const stored = (
  modelId: string,
  id: string,
  title: string,
  columnName: string,
  uidt: UIType,
  extra: Partial<ColumnRow> = {},
) => col(modelId, id, title, uidt, { columnName, ...extra });
const key = (modelId: string, id: string) => stored(modelId, id, "Id", "id", "ID", { pk: 1, ai: 1 });
const opts = (o: object) => ({ colOptions: JSON.stringify(o) });
const link = (modelId: string, id: string, title: string, o: object) =>
  col(modelId, id, title, "LinkToAnotherRecord", opts(o));
const lookup = (modelId: string, id: string, title: string, rel: string, target: string) =>
  col(modelId, id, title, "Lookup", opts({ fk_relation_column_id: rel, fk_lookup_column_id: target }));
const rollup = (modelId: string, id: string, title: string, rel: string, target: string, fn: string) =>
  col(
    modelId,
    id,
    title,
    "Rollup",
    opts({ fk_relation_column_id: rel, fk_rollup_column_id: target, rollup_function: fn }),
  );
const formula = (modelId: string, id: string, title: string, raw: string) =>
  col(modelId, id, title, "Formula", opts({ formula_raw: raw }));

export const MODELS = [
  model("md_cust", "gcc_customers"),
  model("md_ord", "gcc_orders"),
  model("md_tag", "gcc_tags"),
  model("md_line", "gcc_lines"),
  model("md_ot", "gcc_order_tags", 1),
];

const fn = (name: string) => `Amount ${name}`;

export const COLUMNS: ColumnRow[] = [
  key("md_cust", "cl_c_id"),
  stored("md_cust", "cl_c_name", "Name", "name", "SingleLineText", { pv: 1 }),
  stored("md_cust", "cl_c_tier", "Tier", "tier", "Number"),
  link("md_cust", "cl_c_orders", "Orders", {
    type: "hm",
    fk_related_model_id: "md_ord",
    fk_child_column_id: "cl_o_cust",
    fk_parent_column_id: "cl_c_id",
    fk_reverse_column_id: "cl_o_customer",
  }),
  lookup("md_cust", "cl_c_refs", "Order refs", "cl_c_orders", "cl_o_ref"),
  lookup("md_cust", "cl_c_products", "Products bought", "cl_c_orders", "cl_o_products"),
  ...ROLLUP_FUNCTIONS.map((f) => rollup("md_cust", `cl_c_r_${f}`, fn(f), "cl_c_orders", "cl_o_amount", f)),
  formula("md_cust", "cl_c_double", "Double", `{${fn("sum")}} * 2`),
  formula("md_cust", "cl_c_label", "Label", `CONCAT({Name}, ": ", {${fn("count")}})`),

  key("md_ord", "cl_o_id"),
  stored("md_ord", "cl_o_ref", "Ref", "ref", "SingleLineText", { pv: 1 }),
  stored("md_ord", "cl_o_amount", "Amount", "amount", "Number"),
  stored("md_ord", "cl_o_cust", "gcc_customers_id", "customer_id", "ForeignKey", { system: 1 }),
  link("md_ord", "cl_o_customer", "Customer", {
    type: "bt",
    fk_related_model_id: "md_cust",
    fk_child_column_id: "cl_o_cust",
    fk_parent_column_id: "cl_c_id",
    fk_reverse_column_id: "cl_c_orders",
  }),
  lookup("md_ord", "cl_o_cname", "Customer name", "cl_o_customer", "cl_c_name"),
  lookup("md_ord", "cl_o_tier", "Customer tier", "cl_o_customer", "cl_c_tier"),
  link("md_ord", "cl_o_tags", "Tags", {
    type: "mm",
    fk_related_model_id: "md_tag",
    fk_child_column_id: "cl_o_id",
    fk_parent_column_id: "cl_t_id",
    fk_mm_model_id: "md_ot",
    fk_mm_child_column_id: "cl_ot_ord",
    fk_mm_parent_column_id: "cl_ot_tag",
    fk_reverse_column_id: "cl_t_orders",
  }),
  lookup("md_ord", "cl_o_taglabels", "Tag labels", "cl_o_tags", "cl_t_label"),
  link("md_ord", "cl_o_lines", "Lines", {
    type: "hm",
    fk_related_model_id: "md_line",
    fk_child_column_id: "cl_l_ord",
    fk_parent_column_id: "cl_o_id",
    fk_reverse_column_id: "cl_l_order",
  }),
  lookup("md_ord", "cl_o_products", "Products", "cl_o_lines", "cl_l_product"),
  lookup("md_ord", "cl_o_qtys", "Line qtys", "cl_o_lines", "cl_l_qty"),
  lookup("md_ord", "cl_o_shipped", "Ship dates", "cl_o_lines", "cl_l_shipped"),
  rollup("md_ord", "cl_o_nlines", "Line count", "cl_o_lines", "cl_l_qty", "count"),
  rollup("md_ord", "cl_o_qty", "Qty", "cl_o_lines", "cl_l_qty", "sum"),
  rollup("md_ord", "cl_o_tagcount", "Tag count", "cl_o_tags", "cl_t_id", "count"),
  formula("md_ord", "cl_o_plus", "Amount plus tier", "{Amount} + {Customer tier}"),
  formula("md_ord", "cl_o_shout", "Shout", `IF({Customer name}, CONCAT({Customer name}, "!"), "nobody")`),

  key("md_tag", "cl_t_id"),
  stored("md_tag", "cl_t_label", "Label", "label", "SingleLineText", { pv: 1 }),
  link("md_tag", "cl_t_orders", "Orders", {
    type: "mm",
    fk_related_model_id: "md_ord",
    fk_child_column_id: "cl_t_id",
    fk_parent_column_id: "cl_o_id",
    fk_mm_model_id: "md_ot",
    fk_mm_child_column_id: "cl_ot_tag",
    fk_mm_parent_column_id: "cl_ot_ord",
    fk_reverse_column_id: "cl_o_tags",
  }),
  rollup("md_tag", "cl_t_total", "Ordered", "cl_t_orders", "cl_o_amount", "sum"),

  key("md_line", "cl_l_id"),
  stored("md_line", "cl_l_product", "Product", "product", "SingleLineText", { pv: 1 }),
  stored("md_line", "cl_l_qty", "Qty", "qty", "Number"),
  stored("md_line", "cl_l_shipped", "Shipped", "shipped", "Date"),
  stored("md_line", "cl_l_ord", "gcc_orders_id", "order_id", "ForeignKey", { system: 1 }),
  link("md_line", "cl_l_order", "Order", {
    type: "bt",
    fk_related_model_id: "md_ord",
    fk_child_column_id: "cl_l_ord",
    fk_parent_column_id: "cl_o_id",
    fk_reverse_column_id: "cl_o_lines",
  }),
  lookup("md_line", "cl_l_cname", "Customer", "cl_l_order", "cl_o_cname"),
  lookup("md_line", "cl_l_tags", "Order tags", "cl_l_order", "cl_o_taglabels"),

  key("md_ot", "cl_ot_id"),
  stored("md_ot", "cl_ot_ord", "gcc_orders_id", "order_id", "ForeignKey", { system: 1 }),
  stored("md_ot", "cl_ot_tag", "gcc_tags_id", "tag_id", "ForeignKey", { system: 1 }),
];

export const SCHEMA: ComputedSchema = {
  model: (id) => MODELS.find((m) => m.id === id)!,
  columns: (id) => COLUMNS.filter((c) => c.modelId === id),
};

/** Rows per table, by column name (stored forms). Linked records are inserted in key order. */
export const ROWS: Record<string, Record<string, Stored>[]> = {
  gcc_customers: [
    { id: 1, name: "Ada", tier: 3 },
    { id: 2, name: "Bob", tier: 1 },
    { id: 3, name: "Cy", tier: 2 },
  ],
  gcc_orders: [
    { id: 1, ref: "A-1", amount: 10, customer_id: 1 },
    { id: 2, ref: "A-2", amount: 10, customer_id: 1 },
    { id: 3, ref: "A-3", amount: 40, customer_id: 1 },
    { id: 4, ref: "B-1", amount: 20, customer_id: 2 },
    { id: 5, ref: "N-1", amount: 5, customer_id: null },
  ],
  gcc_tags: [
    { id: 1, label: "red" },
    { id: 2, label: "blue" },
    { id: 3, label: "green" },
  ],
  gcc_order_tags: [
    { id: 1, order_id: 1, tag_id: 1 },
    { id: 2, order_id: 1, tag_id: 2 },
    { id: 3, order_id: 4, tag_id: 1 },
    { id: 4, order_id: 4, tag_id: 3 },
  ],
  gcc_lines: [
    { id: 1, product: "Pen", qty: 2, shipped: "2024-03-01", order_id: 1 },
    { id: 2, product: "Ink", qty: 3, shipped: null, order_id: 1 },
    { id: 3, product: "Cap", qty: 1, shipped: "2024-03-05", order_id: 3 },
    { id: 4, product: "Pad", qty: 5, shipped: "2024-02-29", order_id: 4 },
  ],
};

export interface ComputedCase {
  name: string;
  table: string;
  where?: string;
  sort?: string | string[];
  /** Row ids in order. */
  expect: number[];
  /** API values of computed columns, by row id then title (as the data API answers them). */
  values?: Record<number, Record<string, unknown>>;
}

const rollups = (
  count: number,
  sum: number,
  avg: number | null,
  min: number | null,
  max: number | null,
  cd: number,
  sd: number,
  ad: number | null,
) => ({
  [fn("count")]: count,
  [fn("sum")]: sum,
  [fn("avg")]: avg,
  [fn("min")]: min,
  [fn("max")]: max,
  [fn("countDistinct")]: cd,
  [fn("sumDistinct")]: sd,
  [fn("avgDistinct")]: ad,
});

export const COMPUTED_CASES: ComputedCase[] = [
  {
    name: "customers: hm links, lookups (a flattened lookup of a lookup), every rollup function and formulas",
    table: "gcc_customers",
    expect: [1, 2, 3],
    values: {
      1: {
        Orders: [
          { Id: 1, Ref: "A-1" },
          { Id: 2, Ref: "A-2" },
          { Id: 3, Ref: "A-3" },
        ],
        "Order refs": ["A-1", "A-2", "A-3"],
        "Products bought": ["Pen", "Ink", "Cap"],
        ...rollups(3, 60, 20, 10, 40, 2, 50, 25),
        Double: 120,
        Label: "Ada: 3",
      },
      2: {
        Orders: [{ Id: 4, Ref: "B-1" }],
        "Order refs": ["B-1"],
        "Products bought": ["Pad"],
        ...rollups(1, 20, 20, 20, 20, 1, 20, 20),
        Double: 40,
        Label: "Bob: 1",
      },
      3: {
        Orders: [],
        "Order refs": [],
        "Products bought": [],
        ...rollups(0, 0, null, null, null, 0, 0, null),
        Double: 0,
        Label: "Cy: 0",
      },
    },
  },
  {
    name: "orders: bt and mm links, lookups through each, rollups over hm and mm, formulas over lookups",
    table: "gcc_orders",
    expect: [1, 2, 3, 4, 5],
    values: {
      1: {
        Customer: { Id: 1, Name: "Ada" },
        "Customer name": "Ada",
        "Customer tier": 3,
        Tags: [
          { Id: 1, Label: "red" },
          { Id: 2, Label: "blue" },
        ],
        "Tag labels": ["red", "blue"],
        Lines: [
          { Id: 1, Product: "Pen" },
          { Id: 2, Product: "Ink" },
        ],
        Products: ["Pen", "Ink"],
        "Line qtys": [2, 3],
        "Ship dates": ["2024-03-01", null],
        "Line count": 2,
        Qty: 5,
        "Tag count": 2,
        "Amount plus tier": 13,
        Shout: "Ada!",
      },
      4: {
        Customer: { Id: 2, Name: "Bob" },
        "Customer name": "Bob",
        "Customer tier": 1,
        Tags: [
          { Id: 1, Label: "red" },
          { Id: 3, Label: "green" },
        ],
        "Tag labels": ["red", "green"],
        Lines: [{ Id: 4, Product: "Pad" }],
        Products: ["Pad"],
        "Line count": 1,
        Qty: 5,
        "Tag count": 2,
        "Line qtys": [5],
        "Ship dates": ["2024-02-29"],
        "Amount plus tier": 21,
        Shout: "Bob!",
      },
      5: {
        Customer: null,
        "Customer name": null,
        "Customer tier": null,
        Tags: [],
        "Tag labels": [],
        Lines: [],
        Products: [],
        "Ship dates": [],
        "Line count": 0,
        Qty: 0,
        "Tag count": 0,
        Shout: "nobody",
      },
    },
  },
  {
    name: "tags: mm from the other side and a rollup through it",
    table: "gcc_tags",
    expect: [1, 2, 3],
    values: {
      1: {
        Orders: [
          { Id: 1, Ref: "A-1" },
          { Id: 4, Ref: "B-1" },
        ],
        Ordered: 30,
      },
      2: { Orders: [{ Id: 1, Ref: "A-1" }], Ordered: 10 },
      3: { Ordered: 20 },
    },
  },
  {
    name: "lines: a lookup of a lookup through two bt links, and a list looked up through bt",
    table: "gcc_lines",
    expect: [1, 2, 3, 4],
    values: {
      1: { Order: { Id: 1, Ref: "A-1" }, Customer: "Ada", "Order tags": ["red", "blue"] },
      3: { Order: { Id: 3, Ref: "A-3" }, Customer: "Ada", "Order tags": [] },
      4: { Order: { Id: 4, Ref: "B-1" }, Customer: "Bob", "Order tags": ["red", "green"] },
    },
  },
  // filters and sorts on computed columns
  { name: "filter a bt lookup by text", table: "gcc_orders", where: "(Customer name,eq,Ada)", expect: [1, 2, 3] },
  {
    name: "filter a bt lookup of a number with gt",
    table: "gcc_orders",
    where: "(Customer tier,gt,1)",
    expect: [1, 2, 3],
  },
  { name: "filter a bt lookup for blank", table: "gcc_orders", where: "(Customer name,blank)", expect: [5] },
  { name: "filter a bt link by its display value", table: "gcc_orders", where: "(Customer,eq,Bob)", expect: [4] },
  {
    name: "filter an mm link by a display value it contains",
    table: "gcc_orders",
    where: "(Tags,like,red)",
    expect: [1, 4],
  },
  { name: "filter an mm lookup", table: "gcc_orders", where: "(Tag labels,like,green)", expect: [4] },
  { name: "filter an hm lookup", table: "gcc_customers", where: "(Order refs,like,A-2)", expect: [1] },
  {
    name: "filter a flattened lookup of a lookup",
    table: "gcc_customers",
    where: "(Products bought,like,pad)",
    expect: [2],
  },
  { name: "filter a sum rollup", table: "gcc_customers", where: "(Amount sum,gt,25)", expect: [1] },
  { name: "filter a count rollup of none", table: "gcc_customers", where: "(Amount count,eq,0)", expect: [3] },
  { name: "filter an avg rollup that is NULL", table: "gcc_customers", where: "(Amount avg,blank)", expect: [3] },
  { name: "filter a countDistinct rollup", table: "gcc_customers", where: "(Amount countDistinct,eq,2)", expect: [1] },
  { name: "filter a formula over a rollup", table: "gcc_customers", where: "(Double,gte,40)", expect: [1, 2] },
  { name: "filter a formula over a lookup", table: "gcc_orders", where: "(Amount plus tier,lt,20)", expect: [1, 2] },
  { name: "filter a lookup of a lookup", table: "gcc_lines", where: "(Customer,eq,Bob)", expect: [4] },
  { name: "filter an mm rollup", table: "gcc_tags", where: "(Ordered,gte,20)", expect: [1, 3] },
  {
    name: "sort by a bt lookup, NULL first",
    table: "gcc_orders",
    sort: ["Customer name", "Id"],
    expect: [5, 1, 2, 3, 4],
  },
  { name: "sort by a rollup descending", table: "gcc_customers", sort: "-Amount sum", expect: [1, 2, 3] },
  { name: "sort by a max rollup, NULL first", table: "gcc_customers", sort: "Amount max", expect: [3, 2, 1] },
  {
    name: "sort by a formula over a lookup descending",
    table: "gcc_orders",
    sort: ["-Amount plus tier", "Id"],
    expect: [3, 4, 1, 2, 5],
  },
  { name: "sort by an hm rollup then key", table: "gcc_orders", sort: ["-Line count", "Id"], expect: [1, 3, 4, 2, 5] },
  { name: "filter an hm lookup of dates", table: "gcc_orders", where: "(Ship dates,like,2024-02)", expect: [4] },
  {
    name: "filter and sort together",
    table: "gcc_orders",
    where: "(Line count,gt,0)",
    sort: "-Qty",
    expect: [1, 4, 3],
  },
];
