import { Hono } from "hono";
import { z } from "zod";
import { can } from "../../../db/acl/matrix";
import { flagNames } from "../../../db/acl/roles";
import { newId } from "../../../db/ids";
import { forbidden } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { projectRoom, unwrap } from "../../lib/room";
import { currentUser } from "../../lib/session";
import { jsonBody } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { freeTitle, insertProject } from "./create";

const takeBody = z.object({
  title: z
    .string({ error: "title must be a string" })
    .trim()
    .min(1, "title is required")
    .max(255, "title exceeds 255 characters"),
});
const restoreBody = z.object({
  as_new_project: z.boolean({ error: "as_new_project must be true or false" }),
});

/**
 * Project snapshots (issue 35): consistent copies of the project's schema and rows in R2, taken
 * by hand, daily and before destructive schema changes (realtime/room-snapshots.ts). A restore
 * makes a new project (the safe way) or, for owners, puts the snapshot back in place after a
 * safety snapshot of the state it replaces.
 */
export const snapshots = new Hono<AppEnv>()
  .get("/:projectId/snapshots", need("snapshotList"), async (c) => {
    const list = await unwrap(projectRoom(c.env, c.get("project").id).snapshots({ op: "list" }));
    // `reason` and `subject`: why the app took one by itself, for the web to say in the reader's language.
    return c.json({
      list: list.map(({ id, title, kind, created_at, size, rows, reason, subject }) => ({
        id,
        title,
        kind,
        created_at,
        size,
        rows,
        reason,
        subject,
      })),
    });
  })
  .post("/:projectId/snapshots", need("snapshotCreate"), body(takeBody), async (c) => {
    const { title } = await jsonBody(c, takeBody);
    const by = c.get("user")?.id ?? null;
    const taken = await unwrap(
      projectRoom(c.env, c.get("project").id).snapshots({ op: "take", title, kind: "manual", by }),
    );
    return c.json({ id: taken.id, title: taken.title, created_at: taken.created_at });
  })
  .post("/:projectId/snapshots/:snapshotId/restore", need("snapshotRestore"), body(restoreBody), async (c) => {
    const input = await jsonBody(c, restoreBody);
    const project = c.get("project");
    const snapshotId = c.req.param("snapshotId");
    const room = projectRoom(c.env, project.id);
    if (!input.as_new_project) {
      const roles = c.get("roles");
      if (!can(roles, "snapshotRestoreInPlace"))
        throw forbidden(`snapshotRestoreInPlace - ${flagNames(roles).join(",") || "guest"} : Not allowed`);
      const done = await unwrap(
        room.snapshots({ op: "restoreInPlace", id: snapshotId, by: c.get("user")?.id ?? null }),
      );
      return c.json({ project_id: project.id, safety_snapshot_id: done.safety_id });
    }
    const list = await unwrap(room.snapshots({ op: "list" }));
    const snapshot = list.find((s) => s.id === snapshotId);
    if (!snapshot) return c.json({ msg: `Snapshot '${snapshotId}' not found` }, 404);
    const user = (await currentUser(c))!;
    const ts = new Date().toISOString();
    const id = newId("p_");
    const made = await insertProject(
      c.env.META,
      {
        id,
        title: await freeTitle(c.env.META, `${project.title} (${snapshot.title})`, user.id),
        description: project.description,
        color: project.color,
        meta: project.meta,
        source: null,
      },
      user.id,
      ts,
    );
    // The new project's room loads the snapshot; its new ids reach the index with the answer.
    const loaded = await projectRoom(c.env, made.id).snapshots({ op: "loadFrom", projectId: project.id, snapshotId });
    if (!loaded.ok) {
      // Nothing half made: the empty project goes again.
      await c.env.META.batch([
        c.env.META.prepare("DELETE FROM project_users WHERE project_id = ?").bind(made.id),
        c.env.META.prepare("DELETE FROM projects WHERE id = ?").bind(made.id),
      ]);
      await unwrap(Promise.resolve(loaded));
    }
    return c.json({ project_id: made.id });
  })
  .delete("/:projectId/snapshots/:snapshotId", need("snapshotDelete"), async (c) => {
    await unwrap(projectRoom(c.env, c.get("project").id).snapshots({ op: "delete", id: c.req.param("snapshotId") }));
    return c.json({ msg: "The snapshot has been deleted" });
  });
