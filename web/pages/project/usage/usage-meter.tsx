import { useTranslation } from "react-i18next";
import { byteSize, nearlyFull, usedShare } from "./project-usage";
import { useProjectUsage } from "./use-project-usage";

/** Project settings: how much of the project's room its database takes, as a bar and in words. */
export function UsageMeter() {
  const { t, i18n } = useTranslation();
  const usage = useProjectUsage("projectInfoGet", true);
  if (!usage) return null;
  const share = usedShare(usage);
  const full = nearlyFull(usage);
  const words = t("project.usage.used", {
    used: byteSize(usage.database_bytes, i18n.language),
    limit: byteSize(usage.database_limit_bytes, i18n.language),
  });
  return (
    <section className="flex flex-col gap-2" data-testid="project-usage">
      <h3 className="text-sm font-medium text-gray-700">{t("project.usage.heading")}</h3>
      <div
        role="meter"
        aria-label={t("project.usage.heading")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={words}
        className="h-2 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className={`h-full ${full ? "bg-red-500" : "bg-primary"}`}
          // At least a sliver, so a new project's bar is visibly a bar.
          style={{ width: `${Math.max(1, share * 100)}%` }}
        />
      </div>
      <p className="text-xs text-gray-500">{words}</p>
      {full ? <p className="text-xs text-red-700">{t("project.usage.advice")}</p> : null}
    </section>
  );
}
