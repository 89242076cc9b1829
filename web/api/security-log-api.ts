/** The security log (issue 41), super admin only. */
import { getBlob } from "./get-blob";
import { wire } from "./wire";

export const SECURITY_LOG_PAGE_SIZE = 50;

export interface SecurityLogFilter {
  kind: string;
  email: string;
}

const query = (f: SecurityLogFilter) => ({ kind: f.kind || undefined, email: f.email || undefined });

export const securityLogApi = {
  list: (f: SecurityLogFilter, offset: number) =>
    wire.get("/api/v1/security-log", {}, { query: { ...query(f), limit: SECURITY_LOG_PAGE_SIZE, offset } }),
  csv: (f: SecurityLogFilter) => {
    const q = new URLSearchParams(Object.entries(query(f)).filter((e): e is [string, string] => Boolean(e[1])));
    return getBlob(`/api/v1/security-log/csv${q.size ? `?${q.toString()}` : ""}`);
  },
};
