// Small entries grouped by an owner and kept until they are deleted (the integrators' sandbox keys: a
// few per signed-in person, and the index from a key's hash to its owner): at most `max` per group, so
// no one can make the store grow by adding. In this process's memory (below) and in Redis
// (redis-shared-state.ts: one HASH per group, the bound checked in one script).

export interface OwnedEntries {
  /** Adds or replaces `field` in `group`: false (nothing written) when the group already holds `max` other fields. */
  set(group: string, field: string, value: string, max: number): Promise<boolean>;
  get(group: string, field: string): Promise<string | undefined>;
  /** Every field of the group, with its value. */
  all(group: string): Promise<Map<string, string>>;
  /** True when the field was there. */
  delete(group: string, field: string): Promise<boolean>;
}

/** The entries of one namespace in this process's memory. */
export function memoryOwnedEntries(): OwnedEntries {
  const groups = new Map<string, Map<string, string>>();
  return {
    set: (group, field, value, max) => {
      const fields = groups.get(group) ?? new Map<string, string>();
      if (!fields.has(field) && fields.size >= max) return Promise.resolve(false);
      fields.set(field, value);
      groups.set(group, fields);
      return Promise.resolve(true);
    },
    get: (group, field) => Promise.resolve(groups.get(group)?.get(field)),
    all: (group) => Promise.resolve(new Map(groups.get(group) ?? [])),
    delete: (group, field) => {
      const fields = groups.get(group);
      const had = fields?.delete(field) ?? false;
      if (fields?.size === 0) groups.delete(group);
      return Promise.resolve(had);
    },
  };
}

/** Adds or replaces a field of a HASH unless it already holds ARGV[3] other fields (1: written, 0: full). */
export const SET_ENTRY_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`;
