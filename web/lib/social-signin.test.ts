import { describe, expect, it } from "vitest";
import { socialCallbackFrom, ssoTicketFrom } from "./social-signin";

describe("social sign-in callback", () => {
  it("needs a code plus scope or state", () => {
    expect(socialCallbackFrom("")).toBeNull();
    expect(socialCallbackFrom("?code=abc")).toBeNull();
    expect(socialCallbackFrom("?state=google.n1")).toBeNull();
    expect(socialCallbackFrom("?redirect=/user")).toBeNull();
  });

  it("uses google unless the state names github, forwarding the query string", () => {
    expect(socialCallbackFrom("?code=abc&scope=email%20profile")).toEqual({
      provider: "google",
      exchangePath: "/auth/google/genTokenByCode?code=abc&scope=email%20profile",
    });
    expect(socialCallbackFrom("?code=abc&state=github.n1")).toEqual({
      provider: "github",
      exchangePath: "/auth/github/genTokenByCode?code=abc&state=github.n1",
    });
    expect(socialCallbackFrom("code=x&state=google.n2")?.provider).toBe("google");
  });
});

describe("ssoTicketFrom", () => {
  it("reads the two-factor ticket single sign-on leaves in the fragment", () => {
    expect(ssoTicketFrom("#sso_ticket=abc.def")).toBe("abc.def");
    expect(ssoTicketFrom("")).toBeNull();
    expect(ssoTicketFrom("#other=1")).toBeNull();
  });
});
