import { ProjectListPage } from "../home/project-list-page";

/** "/account/projects" (super admin): every project of the installation, member or not. */
export function AccountProjectsPage() {
  return <ProjectListPage all />;
}
