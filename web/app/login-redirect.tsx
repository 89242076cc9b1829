import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { FullPageSpinner } from "../components/ui/spinner";
import { APP_INFO_KEY, fetchAppInfo } from "../lib/app-info";
import { restoreSessionOnce } from "../lib/auth";
import type { SignOutReason } from "../lib/session";
import { loginPath } from "./route-access";

/**
 * A login-required page without a session (SPEC 4): first user -> /signup, else the refresh cookie
 * is tried once, then /signin. After an explicit sign-out the user simply goes to /signin.
 */
export function LoginRedirect({ from, reason }: { from: string; reason: SignOutReason | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    async function go() {
      if (reason === "user") return navigate("/signin", { replace: true });
      if (reason === "expired") return navigate(loginPath(false, from), { replace: true });
      const info = await queryClient
        .fetchQuery({ queryKey: APP_INFO_KEY, queryFn: fetchAppInfo, staleTime: 0 })
        .catch(() => null);
      if (cancelled) return;
      if (!info?.firstUser) {
        const restored = await restoreSessionOnce();
        // Restored: the session change re-renders the guard, which now lets the page through.
        if (cancelled || restored.token) return;
      }
      await navigate(loginPath(info?.firstUser ?? false, from), { replace: true });
    }
    void go();
    return () => {
      cancelled = true;
    };
  }, [from, reason, navigate, queryClient]);

  return <FullPageSpinner />;
}
