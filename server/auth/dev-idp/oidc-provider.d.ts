// oidc-provider ships no type declarations; these cover only what the embedded demo provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface KoaContextLike {
    host: string;
    status: number;
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      params?: Record<string, unknown>;
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: {
      new (init: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  export default Provider;
}
