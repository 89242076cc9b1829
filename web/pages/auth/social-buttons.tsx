import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/button";
import type { AppInfo } from "../../lib/app-info";
import { SOCIAL_START_PATHS } from "../../lib/social-signin";

/** Google / GitHub sign-in links, shown only for providers app info enables. Plain links: the server redirects. */
export function SocialButtons({ info }: { info: AppInfo | undefined }) {
  const { t } = useTranslation();
  if (!info?.googleAuthEnabled && !info?.githubAuthEnabled) return null;
  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase text-gray-400">
        <span className="h-px flex-1 bg-gray-200" />
        {t("auth.signin.or")}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className="flex flex-col gap-2">
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
