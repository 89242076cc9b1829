import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { queryKeys } from "../api/query-keys";
import { authApi } from "../lib/auth-api";

/** The page where two-factor sign-in is set up: the one page a user who must set it up may see. */
export const TWO_FACTOR_PAGE = "/user";

/**
 * When the instance requires two-factor sign-in (app setting `require_two_factor`) and the
 * signed-in user has not set it up, every signed-in page sends them to the profile, which says
 * why. The status is asked once a minute at most; until it answers, the page shows as usual.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useQuery({ queryKey: queryKeys.twoFactor, queryFn: authApi.twoFactorStatus, staleTime: 60_000 });
  if (status.data?.required && !status.data.enabled && pathname !== TWO_FACTOR_PAGE) {
    return <Navigate to={TWO_FACTOR_PAGE} replace />;
  }
  return children;
}
