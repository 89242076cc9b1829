import { Table2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export function Brand({ to = "/" }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="inline-flex items-center gap-2 text-lg font-semibold text-gray-900">
      <Table2 aria-hidden="true" className="size-6 text-primary" />
      <span>{t("app.name")}</span>
    </Link>
  );
}
