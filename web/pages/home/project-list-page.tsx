import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Database, FileUp, FolderPlus, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { can } from "../../../db/acl/matrix";
import { toFlags } from "../../../db/acl/roles";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import type { Project } from "../../api/types";
import { Button, buttonClass } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { FormAlert } from "../../components/ui/form-alert";
import { PageHeading } from "../../components/ui/page-heading";
import { SearchBox, useDebouncedValue } from "../../components/ui/search-box";
import { FullPageSpinner } from "../../components/ui/spinner";
import { useSession } from "../../lib/use-session";
import { DeleteProjectDialog } from "./delete-project-dialog";
import { ProjectCard } from "./project-card";
import { DuplicateProjectDialog } from "./transfer/duplicate-project-dialog";
import { ImportProjectDialog } from "./transfer/import-project-dialog";
import { ProjectTrashSection } from "./transfer/project-trash-section";
import { useExportProject } from "./transfer/use-export-project";

/**
 * "/", "/projects" and "/projects/list": the caller's projects (memberships), searched on the
 * server. With `all` (the super admin's account area) every project, members or not.
 */
export function ProjectListPage({ all = false }: { all?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const projects = useQuery({
    queryKey: queryKeys.projects(query),
    queryFn: () => projectsApi.list(query),
    placeholderData: keepPreviousData,
  });
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [duplicating, setDuplicating] = useState<Project | null>(null);
  const [importing, setImporting] = useState(false);
  const exportProject = useExportProject();
  const mayCreate = can(toFlags(user?.roles), "projectCreate");
  // The server lists every project to a super admin; "My projects" keeps those they belong to.
  const list = (projects.data?.list ?? []).filter((p) => all || Boolean(p.roles));

  const createLink = (
    <div className="flex flex-wrap gap-2">
      <Link to="/create" className={buttonClass("primary")}>
        <FolderPlus aria-hidden="true" className="size-4" />
        {t("home.projects.create")}
      </Link>
      <Link to="/create-external" className={buttonClass("secondary")}>
        <Database aria-hidden="true" className="size-4" />
        {t("home.projects.connect")}
      </Link>
      <Button variant="secondary" onClick={() => setImporting(true)}>
        <FileUp aria-hidden="true" className="size-4" />
        {t("projectTransfer.import")}
      </Button>
    </div>
  );

  let body;
  if (projects.isPending) body = <FullPageSpinner />;
  else if (projects.isError) body = <FormAlert tone="error" message={t("home.projects.loadError")} />;
  else if (list.length === 0 && query)
    body = <EmptyState icon={SearchX} body={t("home.projects.noMatches", { query })} />;
  else if (list.length === 0) {
    body = (
      <EmptyState
        title={t("home.projects.emptyTitle")}
        body={mayCreate ? t("home.projects.emptyBody") : t("home.projects.emptyBodyViewer")}
        icon={FolderPlus}
      >
        {mayCreate ? createLink : null}
      </EmptyState>
    );
  } else {
    body = (
      <ul
        aria-label={all ? t("account.allProjects.title") : t("home.projects.heading")}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {list.map((p) => (
          <ProjectCard
            key={p.id}
            project={p}
            onDelete={() => setDeleting(p)}
            onDuplicate={() => setDuplicating(p)}
            onExport={() => exportProject.mutate(p)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageHeading
        title={all ? t("account.allProjects.title") : t("home.projects.heading")}
        subtitle={all ? t("account.allProjects.body") : undefined}
        actions={mayCreate ? createLink : null}
      />
      <SearchBox label={t("home.projects.search")} value={search} onValueChange={setSearch} className="mb-6 max-w-sm" />
      {body}
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
      <DuplicateProjectDialog project={duplicating} onClose={() => setDuplicating(null)} />
      <ImportProjectDialog open={importing} onClose={() => setImporting(false)} />
      {all ? null : <ProjectTrashSection />}
    </section>
  );
}
