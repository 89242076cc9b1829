import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { Toaster } from "sonner";
import { FullPageSpinner } from "../components/ui/spinner";
import { wire } from "../api/wire";
import { APP_INFO_KEY, fetchAppInfo } from "../lib/app-info";
import { startSessionKeeping } from "../lib/auth";
import { queryClient } from "../lib/query-client";
import { useDirection } from "../lib/use-direction";
import { settings } from "../lib/settings";
import { FEEDBACK_FORM_PATH, runStartupChecks } from "../lib/startup-checks";
import { notify, TOAST_DURATION_MS } from "../lib/toast";

/** Shows the social sign-in failure once the toaster is mounted (SPEC 8). */
function SocialSignInNotice({ done }: { done: Promise<string | null> }) {
  useEffect(() => {
    let live = true;
    void done.then((message) => {
      if (live && message) notify.error(message, "social-signin");
    });
    return () => {
      live = false;
    };
  }, [done]);
  return null;
}

export function App({
  router,
  socialSignIn,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  socialSignIn: Promise<string | null>;
}) {
  useEffect(() => startSessionKeeping(), []);
  const dir = useDirection();
  useEffect(() => {
    void runStartupChecks({
      settings,
      getFeedbackForm: () => wire.get(FEEDBACK_FORM_PATH, {}),
      // The guard reads app info too: one request serves both.
      getVersion: () =>
        queryClient
          .fetchQuery({ queryKey: APP_INFO_KEY, queryFn: fetchAppInfo, staleTime: 60_000 })
          .then((info) => info.version ?? null),
      now: Date.now,
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      {/* Bottom corner (the reading side's end): toasts never cover the header's account menu and Sign out. */}
      <Toaster
        position={dir === "rtl" ? "bottom-left" : "bottom-right"}
        dir={dir}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
      <SocialSignInNotice done={socialSignIn} />
    </QueryClientProvider>
  );
}
