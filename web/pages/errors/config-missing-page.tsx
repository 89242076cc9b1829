import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";

/** /project/0: where "Database config not found" leads (SPEC 4, 8). */
export function ConfigMissingPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{t("errors.configMissing.heading")}</h1>
      <p className="text-sm text-gray-500">{t("errors.configMissing.body")}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("app.goHome")}
      </Link>
    </div>
  );
}
