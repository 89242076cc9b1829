import { QueryClient } from "@tanstack/react-query";

/** The API client already retries reads once (SPEC 7), so React Query does not retry again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
