import { LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A centred loading indicator for whole pages. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label={t("app.loading")}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
    </div>
  );
}
