/** App info (SPEC 3), read at start-up and by the route guard. */
import { useQuery } from "@tanstack/react-query";
import type { Answer } from "../api/app-types";
import { wire } from "../api/wire";

export type AppInfo = Answer<"/api/v1/db/meta/nocodb/info", "$get">;

export const APP_INFO_KEY = ["appInfo"] as const;

export function fetchAppInfo(): Promise<AppInfo> {
  return wire.get("/api/v1/db/meta/nocodb/info", {});
}

export function useAppInfo() {
  return useQuery({ queryKey: APP_INFO_KEY, queryFn: fetchAppInfo, staleTime: 60_000 });
}
