/** The security log (issue 41), super admin only. */
import { getBlob } from "./get-blob";
import { wire } from "./wire";

export const SECURITY_LOG_PAGE_SIZE = 50;

/** The filters of the list and the export: an event kind and part of an e-mail, each optional (""). */
const query = (kind: string, email: string) => ({ kind: kind || undefined, email: email || undefined });

export const securityLogApi = {
  list: (kind: string, email: string, offset: number) =>
    wire.get("/api/v1/security-log", {}, { query: { ...query(kind, email), limit: SECURITY_LOG_PAGE_SIZE, offset } }),
  csv: (kind: string, email: string) => {
    const q = new URLSearchParams(
      Object.entries(query(kind, email)).filter((e): e is [string, string] => Boolean(e[1])),
    );
    return getBlob(`/api/v1/security-log/csv${q.size ? `?${q.toString()}` : ""}`);
  },
};
