import { Hono } from "hono";
import { updateCalendarInput } from "../../../db/views/calendar/settings";
import { updateFormColumnInput, updateFormInput } from "../../../db/views/form/inputs";
import { updateGalleryInput } from "../../../db/views/gallery/settings";
import { updateKanbanInput } from "../../../db/views/kanban/settings";
import { updateTimelineInput } from "../../../db/views/timeline/settings";
import { signFormImages } from "../../lib/attachments/sign-form-images";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { pid, room } from "./context";
import { viewKind } from "./kind";

/**
 * Settings of form, gallery, kanban, calendar and timeline views (contract 4.4). Anyone who reads views
 * reads them. A form is built by owners and creators; a gallery's cover, a kanban's stacks and  a
 * calendar's or timeline's dates are display settings that editors may change too, as with grid options.
 */
const id = (c: { req: { param: (k: string) => string | undefined } }) => c.req.param("viewId")!;

export const subViewRoutes = new Hono<AppEnv>()
  .get("/forms/:viewId", need("viewList"), viewKind("read"), async (c) =>
    c.json(await signFormImages(c, await unwrap(room(c).views({ op: "readForm", projectId: pid(c), viewId: id(c) })))),
  )
  .patch("/forms/:viewId", need("viewUpdate"), viewKind("shape"), async (c) => {
    const body = await jsonBody(c, updateFormInput);
    return c.json(await unwrap(room(c).views({ op: "updateForm", viewId: id(c), input: body })));
  })
  .patch("/form-columns/:formViewColumnId", need("viewUpdate"), viewKind("shape"), async (c) => {
    const body = await jsonBody(c, updateFormColumnInput);
    return c.json(
      await unwrap(
        room(c).views({ op: "updateFormColumn", viewColumnId: c.req.param("formViewColumnId"), input: body }),
      ),
    );
  })
  .get("/galleries/:viewId", need("viewList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).views({ op: "readGallery", projectId: pid(c), viewId: id(c) }))),
  )
  .patch("/galleries/:viewId", need("gridColumnUpdate"), viewKind("shape"), async (c) => {
    const body = await jsonBody(c, updateGalleryInput);
    return c.json(await unwrap(room(c).views({ op: "updateGallery", viewId: id(c), input: body })));
  })
  .get("/kanbans/:viewId", need("viewList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).views({ op: "readKanban", projectId: pid(c), viewId: id(c) }))),
  )
  .patch("/kanbans/:viewId", need("gridColumnUpdate"), viewKind("shape"), async (c) => {
    const body = await jsonBody(c, updateKanbanInput);
    return c.json(await unwrap(room(c).views({ op: "updateKanban", viewId: id(c), input: body })));
  })
  .get("/calendars/:viewId", need("viewList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).views({ op: "readCalendar", projectId: pid(c), viewId: id(c) }))),
  )
  .patch("/calendars/:viewId", need("gridColumnUpdate"), viewKind("shape"), async (c) => {
    const body = await jsonBody(c, updateCalendarInput);
    return c.json(await unwrap(room(c).views({ op: "updateCalendar", projectId: pid(c), viewId: id(c), input: body })));
  })
  .get("/timelines/:viewId", need("viewList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).views({ op: "readTimeline", projectId: pid(c), viewId: id(c) }))),
  )
  .patch("/timelines/:viewId", need("gridColumnUpdate"), viewKind("shape"), body(updateTimelineInput), async (c) => {
    const body = await jsonBody(c, updateTimelineInput);
    return c.json(await unwrap(room(c).views({ op: "updateTimeline", projectId: pid(c), viewId: id(c), input: body })));
  });
