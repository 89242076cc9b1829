/** The app store (/apps, super admin): e-mail delivery and chat targets. Secrets come back masked. */
import { api } from "../lib/api";

export const CHAT_KINDS = ["Slack", "Discord", "Microsoft Teams", "Mattermost"] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export interface EmailSettings {
  configured: boolean;
  url?: string;
  from?: string;
  token?: string;
}

/** Cloudflare Turnstile on shared forms: the site key is public, the secret key comes back masked. */
export interface TurnstileSettings {
  configured: boolean;
  siteKey?: string;
  secretKey?: string;
}

export interface ChatTarget {
  id: string;
  kind: ChatKind;
  title: string;
  webhook_url: string;
}

export const appsApi = {
  list: () => api.get<{ email: EmailSettings; turnstile?: TurnstileSettings; targets: ChatTarget[] }>("/api/v1/apps"),
  saveTurnstile: (input: { siteKey: string; secretKey?: string }) =>
    api.request<TurnstileSettings>("/api/v1/apps/turnstile", { method: "PUT", body: input }),
  removeTurnstile: () => api.del<boolean>("/api/v1/apps/turnstile"),
  saveEmail: (input: { url: string; token?: string; from?: string }) =>
    api.request<EmailSettings>("/api/v1/apps/email", { method: "PUT", body: input }),
  removeEmail: () => api.del<boolean>("/api/v1/apps/email"),
  testEmail: (to: string) => api.post<{ msg: string }>("/api/v1/apps/email/test", { to }),
  addTarget: (input: { kind: ChatKind; title: string; webhook_url: string }) =>
    api.post<ChatTarget>("/api/v1/apps/targets", input),
  removeTarget: (id: string) => api.del<boolean>(`/api/v1/apps/targets/${encodeURIComponent(id)}`),
  testTarget: (id: string) => api.post<{ msg: string }>(`/api/v1/apps/targets/${encodeURIComponent(id)}/test`),
};
