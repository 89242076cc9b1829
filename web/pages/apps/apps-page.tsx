import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { appsApi } from "../../api/apps-api";
import { PageHeading } from "../../components/ui/page-heading";
import { ChatTargetsCard } from "./chat-targets";
import { APPS_KEY, EmailSettingsCard } from "./email-settings";
import { SsoCard } from "./sso-settings";
import { TurnstileCard } from "./turnstile-settings";

/** "/apps": the app store, super admins only (route meta allowedRoles): e-mail delivery, chat targets, Turnstile for shared forms, single sign-on. */
export function AppsPage() {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: APPS_KEY, queryFn: () => appsApi.list() });
  return (
    <section>
      <PageHeading title={t("apps.heading")} subtitle={t("apps.subheading")} />
      {apps.isPending ? <p className="text-sm text-gray-500">{t("app.loading")}</p> : null}
      {apps.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <EmailSettingsCard key={apps.data.email.url ?? "none"} email={apps.data.email} />
          <ChatTargetsCard targets={apps.data.targets} />
          <TurnstileCard
            key={apps.data.turnstile?.siteKey ?? "none"}
            turnstile={apps.data.turnstile ?? { configured: false }}
          />
          <SsoCard key={apps.data.oidc?.updated_at ?? "none"} sso={apps.data.oidc ?? { configured: false }} />
        </div>
      ) : null}
    </section>
  );
}
