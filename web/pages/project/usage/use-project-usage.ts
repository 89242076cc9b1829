import { useQuery } from "@tanstack/react-query";
import type { Action } from "../../../../db/acl/matrix";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { useProject } from "../project-context";
import type { ProjectUsage } from "./project-usage";

/**
 * The project's usage, for those whose roles allow `action`, on a project whose rows we hold (an
 * external database's size is its own host's business): null otherwise or until it is read.
 * `fresh`: read again whenever it is shown (the settings meter); otherwise at most once a minute.
 */
export function useProjectUsage(action: Action, fresh = false): ProjectUsage | null {
  const { projectId, project, can, isPublicBase } = useProject();
  const ours = project.bases?.[0]?.is_meta !== false;
  const enabled = ours && !isPublicBase && can("projectInfoGet") && can(action);
  const usage = useQuery({
    queryKey: queryKeys.projectUsage(projectId),
    queryFn: (): Promise<ProjectUsage> => projectsApi.usage(projectId),
    enabled,
    staleTime: fresh ? 0 : 60_000,
  });
  return enabled ? (usage.data ?? null) : null;
}
