import { createContext, useContext } from "react";
import type { Action } from "../../../db/acl/matrix";
import type { PreviewRole, RoleFlags } from "../../../db/acl/roles";
import type { Project, TableSummary } from "../../api/types";

export interface ProjectContextValue {
  /** "nc", or "base" for a shared base opened by its uuid. */
  projectType: string;
  /** The real project id (a shared base's uuid resolved). */
  projectId: string;
  /** `/{projectType}/{id in the URL}`: where the project's routes start. */
  basePath: string;
  project: Project;
  /** The caller's roles in the project, as the server reports them. */
  realFlags: RoleFlags;
  /** The roles the UI acts on: realFlags narrowed by a preview. */
  flags: RoleFlags;
  previewAs: PreviewRole | null;
  /** Owners and creators (not shared-base visitors) may preview other roles. */
  canPreview: boolean;
  isPublicBase: boolean;
  /** Tables in their stored order. */
  tables: readonly TableSummary[];
  tablesLoading: boolean;
  /** Whether the UI shows a control for this action (the server enforces it anyway). */
  can(action: Action): boolean;
}

export const ProjectContext = createContext<ProjectContextValue | null>(null);

export function useProject(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error("useProject outside the project shell");
  return value;
}
