import { LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate } from "react-router-dom";
import { signOutEverywhere } from "../../lib/sign-in-flow";
import { useSession } from "../../lib/use-session";
import { Button, buttonClass } from "../ui/button";
import { Brand } from "./brand";
import { LanguagePicker } from "./language-picker";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-primary/10 text-primary" : "text-gray-600 hover:bg-gray-100"}`;

/** The default layout's bar: navigation, the signed-in user's email and sign-out (sign-in for shared-base visitors). */
/** `wide`: span the whole window, as the project pages below it do. */
export function TopBar({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    await signOutEverywhere();
    await navigate("/signin", { replace: true });
  }

  return (
    <header className="border-b border-gray-200 bg-white">
      <div
        className={`flex items-center gap-2 px-3 sm:gap-4 sm:px-4 ${wide ? "h-11 w-full" : "mx-auto h-14 max-w-7xl"}`}
      >
        <Brand />
        <nav aria-label={t("app.mainNavigation")} className={user ? "hidden items-center gap-1 md:flex" : "hidden"}>
          <NavLink to="/" end className={navClass}>
            {t("nav.projects")}
          </NavLink>
          {user?.roles.super ? (
            <NavLink to="/apps" className={navClass}>
              {t("nav.apps")}
            </NavLink>
          ) : null}
          <NavLink to="/account" className={navClass}>
            {t("nav.account")}
          </NavLink>
        </nav>
        <div className="ms-auto flex min-w-0 items-center gap-2">
          <LanguagePicker />
          {user ? (
            <NavLink
              to="/user"
              className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100"
              aria-label={t("app.userMenu", { email: user.email })}
            >
              <UserRound aria-hidden="true" className="size-4 shrink-0" />
              <span data-testid="current-user-email" className="hidden truncate sm:inline">
                {user.email}
              </span>
            </NavLink>
          ) : null}
          {user ? (
            <Button
              variant="secondary"
              onClick={() => void signOut()}
              loading={leaving}
              aria-label={t("auth.signout")}
              className="shrink-0"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t("auth.signout")}</span>
            </Button>
          ) : (
            <Link to="/signin" className={buttonClass("secondary")}>
              {t("nav.signin")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
