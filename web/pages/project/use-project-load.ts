import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import { tablesApi } from "../../api/tables-api";
import { decideProjectLoad, type Settled } from "./project-access";

function settled<T>(q: UseQueryResult<T>): Settled<T> {
  if (q.isError) return { status: "error", error: q.error };
  if (q.isSuccess) return { status: "success", data: q.data };
  return { status: "pending" };
}

/**
 * SPEC 4 project loading: a shared base's uuid is resolved first; then the project and the
 * caller's roles load together, and once access is decided, the tables.
 */
export function useProjectLoad(projectType: string, routeId: string) {
  const isBase = projectType === "base";
  const shared = useQuery({
    queryKey: queryKeys.sharedBaseMeta(routeId),
    queryFn: () => projectsApi.sharedBaseMeta(routeId),
    enabled: isBase,
  });
  const projectId = isBase ? shared.data?.project_id : routeId;
  const project = useQuery({
    queryKey: queryKeys.project(projectId ?? ""),
    queryFn: () => projectsApi.read(projectId!),
    enabled: Boolean(projectId),
  });
  const roles = useQuery({
    queryKey: queryKeys.projectRoles(projectId ?? ""),
    queryFn: () => projectsApi.roles(projectId!),
    enabled: Boolean(projectId),
  });
  const outcome = decideProjectLoad({
    sharedBase: isBase ? settled(shared) : undefined,
    project: settled(project),
    roles: settled(roles),
  });
  const tables = useQuery({
    queryKey: queryKeys.tables(projectId ?? ""),
    queryFn: async () => [...(await tablesApi.list(projectId!)).list].sort((a, b) => a.order - b.order),
    enabled: outcome.kind === "ready",
  });
  const retry = () => {
    void shared.refetch();
    void project.refetch();
    void roles.refetch();
  };
  return { outcome, projectId: projectId ?? "", project: project.data, roles: roles.data, tables, retry };
}
