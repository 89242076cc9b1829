/** The few parts of `oidc-provider` (shipped without types) that tests/support/oidc-provider.ts uses (here so every program that checks the tests sees it). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string };
    session?: { accountId?: string };
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      config: Record<string, unknown> & {
        findAccount(ctx: unknown, sub: string): Account | Promise<Account>;
        interactions: { url(ctx: unknown, interaction: Interaction): string };
      },
    );
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
