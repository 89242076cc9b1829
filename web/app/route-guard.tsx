import { use, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useMatches } from "react-router-dom";
import { setRouteParams } from "../lib/route-context";
import { safeInternalPath } from "../lib/safe-navigation";
import { notify } from "../lib/toast";
import { useSession } from "../lib/use-session";
import { LoginRedirect } from "./login-redirect";
import { TwoFactorGate } from "./two-factor-gate";
import { decideAccess, mergeRouteMeta, type PreviousRoute, type RouteMeta } from "./route-access";

function useDocumentTitle(title: RouteMeta["title"]) {
  const { t } = useTranslation();
  const text = title ? t("app.documentTitle", { page: t(title) }) : t("app.name");
  useEffect(() => {
    document.title = text;
  }, [text]);
}

function Forbidden() {
  const { t } = useTranslation();
  useEffect(() => {
    notify.error(t("msg.error.notEnoughPermissionPage"), "forbidden-page");
  }, [t]);
  return <Navigate to="/" replace />;
}

/**
 * The root route: waits for a social sign-in in progress, then applies SPEC 4's guards to the
 * matched route's meta (`handle`) and renders the page or redirects.
 */
export function RouteGuard({ ready }: { ready: Promise<unknown> }) {
  use(ready);
  const matches = useMatches();
  const location = useLocation();
  const session = useSession();
  const previous = useRef<PreviousRoute | null>(null);

  const meta = mergeRouteMeta(matches.map((m) => m.handle));
  const params = matches[matches.length - 1]?.params ?? {};
  setRouteParams(params);
  const access = meta.access ?? "auth";
  const path = `${location.pathname}${location.search}${location.hash}`;
  useDocumentTitle(meta.title);

  useEffect(() => {
    previous.current = { path, access };
  }, [path, access]);

  const decision = decideAccess({
    meta,
    params,
    signedIn: session.signedIn,
    roles: session.user?.roles ?? {},
    previous: previous.current,
    redirectTarget: safeInternalPath(new URLSearchParams(location.search).get("redirect"), window.location.origin),
  });

  switch (decision.kind) {
    case "allow":
      return session.signedIn && access === "auth" ? (
        <TwoFactorGate>
          <Outlet />
        </TwoFactorGate>
      ) : (
        <Outlet />
      );
    case "redirect":
      return <Navigate to={decision.to} replace />;
    case "forbidden":
      return <Forbidden />;
    case "login":
      return <LoginRedirect from={path} reason={session.signOutReason} />;
  }
}
