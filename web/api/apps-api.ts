/** The app store (/apps, super admin): e-mail delivery, chat targets, Turnstile, single sign-on. Secrets come back masked. */
import type { z } from "zod";
import type { emailBody, oidcBody, targetBody, turnstileBody } from "@gridbase/worker/resources/apps";
import type { Answer } from "./app-types";
import { wire } from "./wire";

export { CHAT_KINDS, type ChatKindName as ChatKind } from "../../db/apps/settings-key";

type Apps = Answer<"/api/v1/apps", "$get">;
/** Either `{configured: false}` or the masked settings: read as the settings with every key optional. */
type Settings<U> = Pick<U, keyof U> & Partial<Extract<U, { updated_at: string }>>;
export type EmailSettings = Settings<Apps["email"]>;
/** Cloudflare Turnstile on shared forms: the site key is public, the secret key comes back masked. */
export type TurnstileSettings = Settings<Apps["turnstile"]>;
/** Single sign-on (OpenID Connect): everything but the client secret, which comes back masked. */
export type SsoSettings = Settings<Apps["oidc"]>;
export type ChatTarget = Apps["targets"][number];
/** The app store's answer with each setting read as one shape. */
export type AppsAnswer = Omit<Apps, "email" | "turnstile" | "oidc"> & {
  email: EmailSettings;
  turnstile: TurnstileSettings;
  oidc: SsoSettings;
};

export const appsApi = {
  list: (): Promise<AppsAnswer> => wire.get("/api/v1/apps", {}),
  saveTurnstile: (input: z.input<typeof turnstileBody>) => wire.put("/api/v1/apps/turnstile", {}, input),
  removeTurnstile: () => wire.del("/api/v1/apps/turnstile", {}),
  saveSso: (input: z.input<typeof oidcBody>) => wire.put("/api/v1/apps/oidc", {}, input),
  removeSso: () => wire.del("/api/v1/apps/oidc", {}),
  saveEmail: (input: z.input<typeof emailBody>) => wire.put("/api/v1/apps/email", {}, input),
  removeEmail: () => wire.del("/api/v1/apps/email", {}),
  testEmail: (to: string) => wire.post("/api/v1/apps/email/test", {}, { to }),
  addTarget: (input: z.input<typeof targetBody>) => wire.post("/api/v1/apps/targets", {}, input),
  removeTarget: (id: string) => wire.del("/api/v1/apps/targets/:id", { id }),
  testTarget: (id: string) => wire.post("/api/v1/apps/targets/:id/test", { id }),
};
