import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/button";
import type { AppInfo } from "../../lib/app-info";
import { SOCIAL_START_PATHS, SSO_START_PATH } from "../../lib/social-signin";

/**
 * Google / GitHub / single sign-on links, shown only for what app info enables. Plain links: the
 * server redirects to the provider.
 */
export function SocialButtons({ info }: { info: AppInfo | undefined }) {
  const { t } = useTranslation();
  if (!info?.googleAuthEnabled && !info?.githubAuthEnabled && !info?.oidcAuthEnabled) return null;
  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase text-gray-400">
        <span className="h-px flex-1 bg-gray-200" />
        {t("auth.signin.or")}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className="flex flex-col gap-2">
        {info.oidcAuthEnabled ? (
          <a href={SSO_START_PATH} className={buttonClass("secondary", "w-full")}>
            {info.oidcLabel ? t("auth.signin.withSsoNamed", { name: info.oidcLabel }) : t("auth.signin.withSso")}
          </a>
        ) : null}
        {info.googleAuthEnabled ? (
          <a href={SOCIAL_START_PATHS.google} className={buttonClass("secondary", "w-full")}>
            {t("auth.signin.withGoogle")}
          </a>
        ) : null}
        {info.githubAuthEnabled ? (
          <a href={SOCIAL_START_PATHS.github} className={buttonClass("secondary", "w-full")}>
            {t("auth.signin.withGithub")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
