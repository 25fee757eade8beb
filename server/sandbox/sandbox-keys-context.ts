import { BASE_PATH, type Language, type SandboxKeysContext, type SessionUser } from "../../app/server-surface";
import type { Auth } from "../auth/create-auth";
import type { Limits } from "../config/schema";
import type { RequestLog } from "./request-log";
import { isSandboxKeyId, MAX_SANDBOX_KEY_NAME_LENGTH, MAX_SANDBOX_KEYS_PER_OWNER, type SandboxApiKeys } from "./sandbox-api-keys";

/**
 * The keys page's view of the sandbox keys, bound to one request's session: a signed-out visitor gets
 * nothing but `signedIn: false`; a signed-in one their own keys only (the owner is the keyed id of
 * their NIF, Auth.ownerIdOf), and a key's requests only when the key is theirs.
 */
export function sandboxKeysContext({
  apiKeys,
  requestLog,
  auth,
  limits,
  session,
  lang,
}: {
  apiKeys: SandboxApiKeys;
  requestLog: RequestLog;
  auth: Pick<Auth, "ownerIdOf">;
  limits: Pick<Limits, "sandboxKeyChecksPerMinute" | "sandboxChecksPerMinute" | "traceBytesPerClient">;
  session: SessionUser | null;
  lang: Language | undefined;
}): SandboxKeysContext {
  const owner = session ? auth.ownerIdOf(session) : null;
  const mine = async (id: string) => owner !== null && isSandboxKeyId(id) && (await apiKeys.list(owner)).some((key) => key.id === id);
  return {
    signedIn: owner !== null,
    facts: {
      maxKeys: MAX_SANDBOX_KEYS_PER_OWNER,
      maxNameLength: MAX_SANDBOX_KEY_NAME_LENGTH,
      keyChecksPerMinute: limits.sandboxKeyChecksPerMinute,
      anonymousChecksPerMinute: limits.sandboxChecksPerMinute,
      traceKilobytesPerKey: Math.round(limits.traceBytesPerClient / 1024),
    },
    list: async () => (owner === null ? [] : apiKeys.list(owner)),
    create: async (name, strict) => (owner === null ? { refused: "limit" } : apiKeys.create(owner, name, strict)),
    revoke: async (id) => owner !== null && isSandboxKeyId(id) && apiKeys.revoke(owner, id),
    setStrict: async (id, strict) => owner !== null && isSandboxKeyId(id) && apiKeys.setStrict(owner, id, strict),
    requests: async (id, filter, page) => {
      if (!(await mine(id))) return null;
      const listed = await requestLog.list(id, filter, page);
      return {
        ...listed,
        entries: listed.entries.map((entry) => ({ ...entry, codes: [...entry.codes], href: `${BASE_PATH}/sandbox/requests/${entry.id}${lang ? `?lang=${lang}` : ""}` })),
      };
    },
  };
}
