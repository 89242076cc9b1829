/** TanStack Query keys: one place, so mutations invalidate exactly what they change. */
export const queryKeys = {
  projects: (query = "") => ["projects", query] as const,
  allProjects: ["projects"] as const,
  sharedBaseMeta: (uuid: string) => ["sharedBaseMeta", uuid] as const,
  project: (id: string) => ["project", id] as const,
  projectRoles: (id: string) => ["projectRoles", id] as const,
  tables: (projectId: string) => ["tables", projectId] as const,
  table: (tableId: string) => ["table", tableId] as const,
  members: (projectId: string, query = "") => ["members", projectId, query] as const,
  allMembers: (projectId: string) => ["members", projectId] as const,
  sharedBase: (projectId: string) => ["sharedBase", projectId] as const,
  orgUsers: (query: string, offset: number) => ["orgUsers", query, offset] as const,
  allOrgUsers: ["orgUsers"] as const,
  appSettings: ["appSettings"] as const,
};
