import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";

/** /error/404: unknown routes and missing shared bases (SPEC 2, 8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{t("errors.notFound.heading")}</h1>
      <p className="text-sm text-gray-500">{t("errors.notFound.body")}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("app.goHome")}
      </Link>
    </div>
  );
}
