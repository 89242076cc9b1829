/**
 * The API's answers as the Worker's Hono app types them (`AppType`, functions/app.ts), so a change
 * to a handler's answer shows up in the web's typecheck. Types only, nothing here reaches the bundle.
 * `@gridbase/app-type` is functions/app.ts in the Worker's tsconfig; in the web's it is the
 * declarations `tsc -p tsconfig.json` writes to .types/ (run first by `npm run typecheck`), because
 * the web program cannot compile the Worker's sources itself (they need the Workers globals).
 */
import type { ExtractSchema } from "hono/types";
import type { AppType } from "@gridbase/app-type";

/** Every route of the app with, per method, its input and answer (what `hc` reads). */
export type Routes = ExtractSchema<AppType>;

/** The JSON a route answers for a method, e.g. `Answer<"/api/v1/db/meta/tables/:tableId", "$get">`. */
export type Answer<P extends keyof Routes, M extends keyof Routes[P]> =
  Extract<Routes[P][M], { outputFormat: "json" }> extends { output: infer O } ? O : never;

export type ProjectAnswer = Answer<"/api/v1/db/meta/projects", "$get">["list"][number];
export type TableListAnswer = Answer<"/api/v1/db/meta/projects/:projectId/tables", "$get">;
export type TableAnswer = Answer<"/api/v1/db/meta/tables/:tableId", "$get">;
export type ColumnAnswer = TableAnswer["columns"][number];
export type ViewListAnswer = Answer<"/api/v1/db/meta/tables/:tableId/views", "$get">;
export type RowListAnswer = Answer<"/api/v1/db/data/:orgs/:projectName/:tableName", "$get">;
