/** The auth calls of API-CONTRACT 2: bodies from the routes' schemas, answers from the routes (web/api/wire.ts). */
import type { z } from "zod";
import type {
  changeBody,
  forgotBody,
  resetBody,
  signinBody,
  signupBody,
  twoFactorCodeBody,
  twoFactorVerifyBody,
} from "@gridbase/worker/resources/auth/schemas";
import type { Answer } from "../api/app-types";
import { wire } from "../api/wire";
import { api } from "./api";

export type TokenAnswer = Answer<"/api/v1/auth/user/signin", "$post">;
export type MessageAnswer = Answer<"/api/v1/auth/user/signout", "$post">;
export type MeAnswer = Answer<"/api/v1/auth/user/me", "$get">;
export type SignupInput = z.input<typeof signupBody>;

/** Sign-in style calls answer 400/401 for bad input: no refresh flow, cookies accepted. */
const credentialCall = { credentials: "include" as const, skipAuthRefresh: true };

export const authApi = {
  signin: (email: string, password: string) =>
    wire.post("/api/v1/auth/user/signin", {}, { email, password } satisfies z.input<typeof signinBody>, credentialCall),
  /** A token for a new account; a message only (check your e-mail) when the address has one. */
  signup: (input: SignupInput) => wire.post("/api/v1/auth/user/signup", {}, input, credentialCall),
  signout: () => wire.post("/api/v1/auth/user/signout", {}, undefined, credentialCall),
  me: (projectId?: string) => wire.get("/api/v1/auth/user/me", {}, { query: { project_id: projectId } }),
  forgotPassword: (email: string) =>
    wire.post("/api/v1/auth/password/forgot", {}, { email } satisfies z.input<typeof forgotBody>, {
      skipAuthRefresh: true,
    }),
  validateResetToken: (token: string) =>
    wire.post("/api/v1/auth/token/validate/:token", { token }, undefined, { skipAuthRefresh: true }),
  resetPassword: (token: string, password: string) =>
    wire.post("/api/v1/auth/password/reset/:token", { token }, { password } satisfies z.input<typeof resetBody>, {
      skipAuthRefresh: true,
    }),
  changePassword: (currentPassword: string, newPassword: string) =>
    wire.post(
      "/api/v1/auth/password/change",
      {},
      { currentPassword, newPassword } satisfies z.input<typeof changeBody>,
      { credentials: "include" },
    ),
  sessions: () => wire.get("/api/v1/auth/sessions", {}, { credentials: "include" }),
  endSession: (sessionId: string) =>
    wire.del("/api/v1/auth/sessions/:sessionId", { sessionId }, { credentials: "include" }),
  endOtherSessions: () => wire.post("/api/v1/auth/sessions/signout-others", {}, undefined, { credentials: "include" }),
  twoFactorStatus: () => wire.get("/api/v1/auth/2fa", {}),
  twoFactorSetup: () => wire.post("/api/v1/auth/2fa/setup", {}, undefined, { credentials: "include" }),
  twoFactorEnable: (code: string) =>
    wire.post("/api/v1/auth/2fa/enable", {}, { code } satisfies z.input<typeof twoFactorCodeBody>, {
      credentials: "include",
    }),
  twoFactorDisable: (code: string) =>
    wire.post("/api/v1/auth/2fa/disable", {}, { code } satisfies z.input<typeof twoFactorCodeBody>, {
      credentials: "include",
    }),
  /** The second step of a sign-in: the ticket the password gave and a code; answers a token. */
  twoFactorVerify: (ticket: string, code: string) =>
    wire.post(
      "/api/v1/auth/2fa/verify",
      {},
      { ticket, code } satisfies z.input<typeof twoFactorVerifyBody>,
      credentialCall,
    ),
  /** `exchangePath` already holds the provider and the OAuth query string: its answer is sign-in's. */
  exchangeSocialCode: (exchangePath: string) => api.post<TokenAnswer>(exchangePath, undefined, credentialCall),
};
