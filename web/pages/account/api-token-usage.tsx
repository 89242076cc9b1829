import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";

/** How to call the API with a token: a curl line for this origin (the token itself is never shown here). */
export function ApiTokenUsage() {
  const { t } = useTranslation();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const example = `curl -H "xc-token: <your API token>" ${origin}/api/v1/db/meta/projects/`;
  const copy = async () => {
    await navigator.clipboard?.writeText(example);
    toast.success(t("account.apiUsage.copied"));
  };
  return (
    <section aria-labelledby="api-usage-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="api-usage-heading" className="font-medium text-gray-900">
        {t("account.apiUsage.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">{t("account.apiUsage.body")}</p>
      <p className="mt-1 text-sm text-gray-500">{t("account.apiUsage.where")}</p>
      <pre
        dir="ltr"
        className="mt-3 overflow-x-auto rounded bg-gray-900 p-3 text-start text-xs text-gray-100"
        data-testid="api-usage-example"
      >
        {example}
      </pre>
      <Button variant="secondary" className="mt-3" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-4" />
        {t("account.apiUsage.copy")}
      </Button>
    </section>
  );
}
