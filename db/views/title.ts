import { and, eq, sql } from "drizzle-orm";
import { bad } from "../errors";
import { views } from "../store/schema";
import type { ProjectStore } from "../store/store";

/** View titles are unique per table (case-insensitive), at most 255 characters, without leading or trailing spaces. */
export function checkTitle(store: ProjectStore, modelId: string, title: string, exceptId = ""): string {
  if (title.trim() === "") throw bad("title is required");
  if (title !== title.trim()) throw bad("title: leading or trailing spaces are not allowed");
  if (title.length > 255) throw bad("title exceeds 255 characters");
  const clash = store.meta
    .select({ id: views.id })
    .from(views)
    .where(
      and(eq(views.modelId, modelId), sql`lower(${views.title}) = lower(${title})`, sql`${views.id} != ${exceptId}`),
    )
    .get();
  if (clash) throw bad(`A view named '${title}' already exists in this table`);
  return title;
}
