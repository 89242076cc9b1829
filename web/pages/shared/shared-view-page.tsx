import { EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

export type SharedViewKind = "form" | "survey" | "gallery" | "kanban" | "grid";

/** Shared views and forms (public). Later issues load the view; until then it says so. */
export function SharedViewPage({ kind }: { kind: SharedViewKind }) {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("sharedView.heading")} subtitle={t(`sharedView.kind.${kind}`)} />
      <EmptyState body={t("sharedView.unavailable")} icon={EyeOff} />
    </section>
  );
}
