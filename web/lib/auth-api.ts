/** The auth calls of API-CONTRACT 2. */
import { api } from "./api";

export interface TokenAnswer {
  token: string;
}

export interface MessageAnswer {
  msg: string;
}

export interface MeAnswer {
  id?: string;
  email?: string;
  firstname?: string | null;
  lastname?: string | null;
  roles: Record<string, boolean>;
}

export interface SignupInput {
  email: string;
  password: string;
  firstname?: string;
  lastname?: string;
  /** Invitation token from /signup/:token. */
  token?: string;
}

/** Sign-in style calls answer 400/401 for bad input: no refresh flow, cookies accepted. */
const credentialCall = { credentials: "include" as const, skipAuthRefresh: true };

export const authApi = {
  signin: (email: string, password: string) =>
    api.post<TokenAnswer>("/api/v1/auth/user/signin", { email, password }, credentialCall),
  /** A token for a new account; a message only (check your e-mail) when the address has one. */
  signup: (input: SignupInput) =>
    api.post<TokenAnswer | MessageAnswer>("/api/v1/auth/user/signup", input, credentialCall),
  signout: () => api.post<MessageAnswer>("/api/v1/auth/user/signout", undefined, credentialCall),
  me: (projectId?: string) => api.get<MeAnswer>("/api/v1/auth/user/me", { query: { project_id: projectId } }),
  forgotPassword: (email: string) =>
    api.post<MessageAnswer>("/api/v1/auth/password/forgot", { email }, { skipAuthRefresh: true }),
  validateResetToken: (token: string) =>
    api.post<MessageAnswer>(`/api/v1/auth/token/validate/${encodeURIComponent(token)}`, undefined, {
      skipAuthRefresh: true,
    }),
  resetPassword: (token: string, password: string) =>
    api.post<MessageAnswer>(
      `/api/v1/auth/password/reset/${encodeURIComponent(token)}`,
      { password },
      { skipAuthRefresh: true },
    ),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<MessageAnswer & { token?: string }>(
      "/api/v1/auth/password/change",
      { currentPassword, newPassword },
      { credentials: "include" },
    ),
  /** `exchangePath` already holds the provider and the OAuth query string. */
  exchangeSocialCode: (exchangePath: string) => api.post<TokenAnswer>(exchangePath, undefined, credentialCall),
};
