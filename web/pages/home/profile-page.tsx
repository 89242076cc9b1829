import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/query-keys";
import { authApi } from "../../lib/auth-api";
import { PageHeading } from "../../components/ui/page-heading";
import { useSession } from "../../lib/use-session";
import { ChangePasswordForm } from "./change-password-form";
import { PasskeysCard } from "./passkeys-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

/** The profile's cards under the details, in order. */
const CARDS = [
  ["password", ChangePasswordForm],
  ["twoFactor", TwoFactorCard],
  ["passkeys", PasskeysCard],
  ["sessions", SessionsCard],
] as const;

/** "/user": the signed-in user's details, password change, two-factor sign-in, passkeys and devices. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(" ");
  // Until a required set-up is done the server refuses the other cards' calls: only the set-up shows.
  const twoFactor = useQuery({ queryKey: queryKeys.twoFactor, queryFn: authApi.twoFactorStatus });
  const setUpFirst = Boolean(twoFactor.data?.required && !twoFactor.data.enabled);
  return (
    <section>
      <PageHeading title={t("profile.heading")} />
      <div className="flex flex-col gap-8">
        <div className="rounded-lg border border-gray-200 bg-white p-6">
          <h2 className="mb-4 text-lg font-semibold text-gray-900">{t("profile.details")}</h2>
          <dl className="grid max-w-md grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-gray-500">{t("profile.email")}</dt>
            <dd className="text-gray-900">{user?.email}</dd>
            <dt className="text-gray-500">{t("profile.name")}</dt>
            <dd className="text-gray-900">{name || t("profile.noName")}</dd>
          </dl>
        </div>
        {CARDS.filter(([key]) => !setUpFirst || key === "twoFactor").map(([key, Card]) => (
          // Keyed by name: the two-factor card stays mounted (its recovery-codes dialog open) when
          // turning it on brings the other cards back.
          <div key={key} className="rounded-lg border border-gray-200 bg-white p-6">
            <Card />
          </div>
        ))}
      </div>
    </section>
  );
}
