import { EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";
import { SHARED_VIEW_RELOAD_KEY as RELOADED } from "../../lib/shared-view-reload";

export type SharedViewKind = "form" | "survey" | "gallery" | "kanban" | "grid";

/**
 * Shared views and forms are their own small page (web/shared.html, served by the Worker for
 * these paths). Reached by navigation inside the app (a link, the sign-in redirect back to a
 * form), the app loads that page for real; only if the server answered the app again (no Worker in
 * front, e.g. a bare static host) does it say the view is not available here.
 */
export function SharedViewPage({ kind }: { kind: SharedViewKind }) {
  const { t } = useTranslation();
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const here = window.location.pathname + window.location.search;
    if (sessionStorage.getItem(RELOADED) === here) {
      sessionStorage.removeItem(RELOADED);
      setStuck(true);
      return;
    }
    sessionStorage.setItem(RELOADED, here);
    window.location.replace(here);
  }, []);
  if (!stuck) return null;
  return (
    <section>
      <PageHeading title={t("sharedView.heading")} subtitle={t(`sharedView.kind.${kind}`)} />
      <EmptyState body={t("sharedView.unavailable")} icon={EyeOff} />
    </section>
  );
}
