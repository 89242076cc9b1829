/**
 * The typed way to call the API (issue 34): a call names the route as the Worker's Hono app
 * declares it (`"/api/v1/db/meta/tables/:tableId/hooks"`), its path parameters and its body, and
 * the answer's type is the one the route's handler returns (`Answer`, read from `AppType`). A
 * changed answer or a renamed route shows up in the web's typecheck; no answer type is asserted.
 *
 * Not Hono's `hc` client: the calls go through the app's own client (web/lib/api.ts), which keeps
 * the headers, the 401 refresh, the retry rule and the error messages the screens rely on; `hc`
 * would need all of them again. The route table is the same `AppType` `hc` reads.
 */
import type { RequestOptions } from "../lib/api-client";
import { api } from "../lib/api";
import type { Answer, Routes } from "./app-types";
import { fillPath } from "./route-path";

type Verb = "$get" | "$post" | "$put" | "$patch" | "$delete";
const METHOD: Record<Verb, string> = { $get: "GET", $post: "POST", $put: "PUT", $patch: "PATCH", $delete: "DELETE" };

/** The routes answering JSON to a method. */
export type RouteOf<M extends Verb> = {
  [P in keyof Routes]: M extends keyof Routes[P] ? P : never;
}[keyof Routes];

/** `":tableId"` → `"tableId"`, across the whole path (a `{regex}` suffix dropped). */
type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? StripPattern<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? StripPattern<Name>
    : never;
type StripPattern<N> = N extends `${infer Base}{${string}` ? Base : N;

/** The path parameters a route names, each sent encoded as one segment. */
export type Params<P> = Record<ParamNames<P>, string | number>;

type Options = Omit<RequestOptions, "method" | "body">;

/** `Answer` for a method known only as a type parameter. */
type AnswerOf<P, M> = P extends keyof Routes ? (M extends keyof Routes[P] ? Answer<P, M> : never) : never;

function call<M extends Verb>(verb: M) {
  return <P extends RouteOf<M>>(route: P, params: Params<P>, options: RequestOptions = {}) =>
    api.request<AnswerOf<P, M>>(fillPath(route, params as Record<string, string | number>), {
      ...options,
      method: METHOD[verb],
    });
}
const get = call("$get");
const post = call("$post");
const put = call("$put");
const patch = call("$patch");
const remove = call("$delete");

/**
 * One function per method, as `api.get/post/patch/del` take them: the body of a write is typed by
 * the caller's signature (the request schemas in db/, `z.input`), the answer by the route.
 */
export const wire = {
  get: <P extends RouteOf<"$get">>(route: P, params: Params<P>, options?: Options) => get(route, params, options),
  post: <P extends RouteOf<"$post">>(route: P, params: Params<P>, body?: unknown, options?: Options) =>
    post(route, params, { ...options, body }),
  put: <P extends RouteOf<"$put">>(route: P, params: Params<P>, body?: unknown, options?: Options) =>
    put(route, params, { ...options, body }),
  patch: <P extends RouteOf<"$patch">>(route: P, params: Params<P>, body?: unknown, options?: Options) =>
    patch(route, params, { ...options, body }),
  del: <P extends RouteOf<"$delete">>(route: P, params: Params<P>, options?: Omit<RequestOptions, "method">) =>
    remove(route, params, options),
};

/**
 * Hono's JSON typing stops at recursion: `JSONParsed` types the levels of a recursive type below
 * the first as JSONValue, which hits the filter trees (a filter's `children`: row rules, hook
 * conditions). Such an answer is typed by the db/ function that builds it (`T`, exported there), and
 * this is the one place that says so: the answer's type must still be comparable with `T`.
 */
export const fromDb =
  <T>() =>
  <A extends Comparable<T>>(answer: A): T =>
    answer as unknown as T;
/** Same keys at the top level (a typo or a renamed field fails). */
type Comparable<T> = { [K in keyof T]?: unknown };
