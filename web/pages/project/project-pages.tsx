/**
 * The project area's pages, loaded as one chunk the first time a project opens (route `lazy`
 * in app/routes.tsx): the field editor brings the field registry and its schemas with it.
 */
import { ProjectTabPage } from "./project-tab-page";

export { ProjectAuthPage } from "./project-auth-page";
export { ProjectLanding } from "./project-landing";
export { ProjectShell } from "./project-shell";

export function TableTabPage() {
  return <ProjectTabPage type="table" />;
}

export function ViewTabPage() {
  return <ProjectTabPage type="view" />;
}
