import { Database, FolderPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/" index: the user's projects (titled myProject). Listing arrives with the projects issue. */
export function ProjectListPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("home.projects.heading")} />
      <EmptyState title={t("home.projects.emptyTitle")} body={t("home.projects.emptyBody")} icon={FolderPlus}>
        <Link to="/create" className={buttonClass("primary")}>
          <FolderPlus aria-hidden="true" className="size-4" />
          {t("home.projects.create")}
        </Link>
        <Link to="/create-external" className={buttonClass("secondary")}>
          <Database aria-hidden="true" className="size-4" />
          {t("home.projects.createExternal")}
        </Link>
      </EmptyState>
    </section>
  );
}
