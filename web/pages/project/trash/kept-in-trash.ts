import { useContext } from "react";
import { ProjectContext } from "../project-context";

/**
 * Whether this project's deleted fields and tables go to the trash, so a confirmation may say
 * they can be restored: its own tables do; an external database's deletes happen there and are
 * not kept (issue 35). False outside a project (nothing to promise there).
 */
export function useKeptInTrash(): boolean {
  const project = useContext(ProjectContext);
  return Boolean(project && !project.isPublicBase && project.project.bases?.[0]?.is_meta !== false);
}
