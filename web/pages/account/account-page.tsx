import { Bot, FolderKanban, KeyRound, ShieldCheck, UserRound, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "../../components/ui/page-heading";
import { useSession } from "../../lib/use-session";
import { ApiTokenUsage } from "./api-token-usage";

function AccountCard({ to, icon: Icon, title, body }: { to: string; icon: LucideIcon; title: string; body: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full gap-3 rounded-lg border border-gray-200 bg-white p-5 shadow-xs hover:border-primary hover:shadow-md"
      >
        <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <span>
          <span className="block font-medium text-gray-900">{title}</span>
          <span className="mt-1 block text-sm text-gray-500">{body}</span>
        </span>
      </Link>
    </li>
  );
}

/** "/account" and "/account/:page": links to the profile, the password form and, for super admins, user management. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <section>
      <PageHeading title={t("account.heading")} subtitle={t("account.subheading")} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <AccountCard to="/user" icon={UserRound} title={t("account.profile.title")} body={t("account.profile.body")} />
        <AccountCard to="/user" icon={KeyRound} title={t("account.password.title")} body={t("account.password.body")} />
        <AccountCard
          to="/account/ai-assistant"
          icon={Bot}
          title={t("aiAssistant.card.title")}
          body={t("aiAssistant.card.body")}
        />
        {user?.roles.super ? (
          <AccountCard
            to="/account/projects"
            icon={FolderKanban}
            title={t("account.allProjects.title")}
            body={t("account.allProjects.body")}
          />
        ) : null}
        {user?.roles.super ? (
          <AccountCard
            to="/account/security"
            icon={ShieldCheck}
            title={t("securityLog.heading")}
            body={t("securityLog.card")}
          />
        ) : null}
        {user?.roles.super ? (
          <AccountCard
            to="/account/users"
            icon={Users}
            title={t("account.usersCard.title")}
            body={t("account.usersCard.body")}
          />
        ) : null}
      </ul>
      <ApiTokenUsage />
    </section>
  );
}
