/** App info (SPEC 3), read at start-up and by the route guard. */
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

export interface AppInfo {
  authType: string;
  firstUser: boolean;
  googleAuthEnabled: boolean;
  githubAuthEnabled: boolean;
  connectToExternalDB: boolean;
  projectHasAdmin: boolean;
  oneClick: boolean;
  teleEnabled: boolean;
  ncMin: boolean;
  type: string;
  version: string;
  defaultLimit: number;
  ncSiteUrl?: string;
  inviteOnlySignup?: boolean;
  /** Largest file an upload takes, in bytes, and most files per attachment cell. */
  ncAttachmentFieldSize?: number;
  ncMaxAttachmentsAllowed?: number;
}

export const APP_INFO_KEY = ["appInfo"] as const;

export function fetchAppInfo(): Promise<AppInfo> {
  return api.get<AppInfo>("/api/v1/db/meta/nocodb/info");
}

export function useAppInfo() {
  return useQuery({ queryKey: APP_INFO_KEY, queryFn: fetchAppInfo, staleTime: 60_000 });
}
