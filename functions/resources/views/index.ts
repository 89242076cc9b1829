import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { calendarFeedRoutes } from "./calendar-feed";
import { viewColumnRoutes } from "./columns";
import { colourRuleRoutes } from "./colour-rules";
import { filterRoutes } from "./filters";
import { recordTemplateRoutes } from "./record-template";
import { sortRoutes } from "./sorts";
import { subViewRoutes } from "./sub-views";
import { viewRoutes } from "./views";

/** Views, view columns, filters and sorts under /api/v1/db/meta (contract 4.4, 4.6, 4.7). */
export const views = new Hono<AppEnv>()
  .route("/", viewRoutes)
  .route("/", subViewRoutes)
  .route("/", viewColumnRoutes)
  .route("/", filterRoutes)
  .route("/", sortRoutes)
  .route("/", calendarFeedRoutes)
  .route("/", colourRuleRoutes)
  .route("/", recordTemplateRoutes);
