import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/** The router's error element: a render or loader failure. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold text-gray-900">{t("errors.unexpected.heading")}</h1>
      <p className="text-sm text-gray-500">{t("errors.unexpected.body")}</p>
      <Button onClick={() => window.location.reload()}>{t("errors.unexpected.reload")}</Button>
    </div>
  );
}
