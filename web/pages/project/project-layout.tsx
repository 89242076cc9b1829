import { useEffect, useMemo, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
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
import { NearlyFullBanner } from "./usage/nearly-full-banner";
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
export function ProjectLayout({
  projectType,
  routeId,
  projectId,
  project,
  roles,
  tables,
  tablesLoading,
}: ProjectLayoutProps) {
  const previewAs = usePreviewAs();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  // Opening a table or view from the drawer closes it.
  useEffect(() => setDrawer(false), [location.pathname]);
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
      <ProjectRealtime
        projectId={projectId}
        sharedId={projectType === "base" ? routeId : null}
        previewAs={value.previewAs}
      />
      <TabsProvider basePath={value.basePath}>
        <div className="flex min-h-0 flex-1">
          {/* The sidebar: a column from md up, a drawer over the page below that. */}
          {drawer ? (
            <div
              className="fixed inset-0 z-30 bg-gray-900/40 md:hidden"
              aria-hidden="true"
              onClick={() => setDrawer(false)}
            />
          ) : null}
          <aside
            id="project-sidebar"
            data-testid="project-sidebar"
            className={`${drawer ? "fixed inset-y-0 start-0 z-40 flex w-72 max-w-[85vw] shadow-xl" : "hidden"} flex-col border-e border-gray-200 bg-white md:static md:z-auto md:flex md:w-64 md:max-w-none md:shadow-none`}
          >
            <TableList />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <ProjectHeader sidebarOpen={drawer} onToggleSidebar={() => setDrawer((x) => !x)} />
            <PreviewBanner />
            <NearlyFullBanner />
            <TabBar />
            <div data-testid="view-area" className="min-h-0 flex-1 overflow-auto px-3 pb-3">
              <Outlet />
            </div>
          </div>
        </div>
      </TabsProvider>
    </ProjectContext.Provider>
  );
}
