import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { Toaster } from "sonner";
import { FullPageSpinner } from "../components/ui/spinner";
import { startSessionKeeping } from "../lib/auth";
import { queryClient } from "../lib/query-client";
import { useDirection } from "../lib/use-direction";
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

export function App({ router, socialSignIn }: { router: ReturnType<typeof createBrowserRouter>; socialSignIn: Promise<string | null> }) {
  useEffect(() => startSessionKeeping(), []);
  const dir = useDirection();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster position={dir === "rtl" ? "top-left" : "top-right"} dir={dir} duration={TOAST_DURATION_MS} richColors closeButton />
      <SocialSignInNotice done={socialSignIn} />
    </QueryClientProvider>
  );
}
