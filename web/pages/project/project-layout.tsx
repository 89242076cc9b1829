import { useEffect, useMemo } from "react";
import { Outlet } from "react-router-dom";
import { can as canDo } from "../../../db/acl/matrix";
import { applyPreview, toFlags } from "../../../db/acl/roles";
import { resolveTheme } from "../../../db/project/rules";
import type { MeRoles, Project, TableSummary } from "../../api/types";
import { usePreviewAs } from "../../lib/preview";
import { applyTheme, clearTheme } from "../../lib/theme";
import { ProjectRealtime } from "../../realtime";
import { PreviewBanner } from "./preview/preview-banner";
import { ProjectContext, type ProjectContextValue } from "./project-context";
import { ProjectHeader } from "./project-header";
import { TableList } from "./sidebar/table-list";
import { TabBar } from "./tabs/tab-bar";
import { TabsProvider } from "./tabs/tabs-context";

interface ProjectLayoutProps {
  projectType: string;
  routeId: string;
  projectId: string;
  project: Project;
  roles: MeRoles;
  tables: readonly TableSummary[];
  tablesLoading: boolean;
}

/** A loaded project: its theme, roles (with any preview), sidebar, tabs and the child route. */
export function ProjectLayout({ projectType, routeId, projectId, project, roles, tables, tablesLoading }: ProjectLayoutProps) {
  const previewAs = usePreviewAs();
  const isPublicBase = Boolean(roles.isPublicBase);
  const value = useMemo<ProjectContextValue>(() => {
    const realFlags = toFlags(roles.roles);
    const canPreview = !isPublicBase && Boolean(realFlags.owner || realFlags.creator || realFlags.super);
    const flags = canPreview ? applyPreview(realFlags, previewAs) : realFlags;
    return {
      projectType,
      projectId,
      basePath: `/${projectType}/${encodeURIComponent(routeId)}`,
      project,
      realFlags,
      flags,
      previewAs: canPreview ? previewAs : null,
      canPreview,
      isPublicBase,
      tables,
      tablesLoading,
      can: (action) => canDo(flags, action),
    };
  }, [projectType, projectId, routeId, project, roles, isPublicBase, previewAs, tables, tablesLoading]);

  const { primaryColor, accentColor } = resolveTheme(project.meta);
  useEffect(() => {
    applyTheme({ primaryColor, accentColor });
    return () => clearTheme();
  }, [primaryColor, accentColor]);

  return (
    <ProjectContext.Provider value={value}>
      <ProjectRealtime projectId={projectId} sharedId={projectType === "base" ? routeId : null} previewAs={value.previewAs} />
      <TabsProvider basePath={value.basePath}>
        <div className="flex flex-col gap-4">
          <ProjectHeader />
          <PreviewBanner />
          <div className="flex flex-col gap-6 md:flex-row">
            <TableList />
            <div className="min-w-0 flex-1">
              <TabBar />
              <Outlet />
            </div>
          </div>
        </div>
      </TabsProvider>
    </ProjectContext.Provider>
  );
}
