// Records bounded in BYTES (the sandbox's traces): per owner (a client: an integrator's key, or an
// address) and in all, each record capped, each kept for a time. A full space drops its oldest records
// first (the owner's own when the owner is over its bytes, anyone's when the space is), so that one
// client's suite cannot evict a colleague's trace, and nothing the space holds can grow past its bounds:
// in this process's memory (below) and in Redis (`redisBoundedRecords`, one Lua script per write, so
// that every instance counts the same bytes). The bounds are enforced by the portal before anything is
// written, never left to Redis's own eviction (docs/scaling.md, "Redis's memory").

/** A space's bounds: what one record, one owner and everyone together may hold, and for how long. */
export interface RecordBounds {
  readonly ttlSeconds: number;
  /** A record (its value and summary, in UTF-8 bytes) larger than this is refused (the caller bounds it). */
  readonly maxRecordBytes: number;
  readonly maxBytesPerOwner: number;
  readonly maxBytesInAll: number;
}

/** One record of an owner's list: its id, when it was kept (epoch ms, the store's clock) and its short summary. */
export interface RecordListEntry {
  readonly id: string;
  readonly at: number;
  readonly summary: string;
}

export interface NewRecord {
  readonly id: string;
  readonly owner: string;
  readonly value: string;
  /** What the owner's list shows of it (a few dozen bytes); counted in its bytes. */
  readonly summary: string;
}

export interface BoundedRecords {
  /** Keeps a record; older ones are dropped as its bounds require. Rejects a record over maxRecordBytes. */
  put(record: NewRecord): Promise<void>;
  /** A record's value, or undefined (unknown, expired, dropped). */
  get(id: string): Promise<string | undefined>;
  /** The owner's records that are still kept, newest first (at most as many as its bytes hold). */
  list(owner: string): Promise<RecordListEntry[]>;
}

/** A record's size as its bounds count it: value and summary, in UTF-8 bytes. */
export const recordBytes = (record: Pick<NewRecord, "value" | "summary">): number => Buffer.byteLength(record.value) + Buffer.byteLength(record.summary);

export class RecordTooLarge extends Error {
  constructor(bytes: number, max: number) {
    super(`record of ${bytes} bytes over its bound of ${max} bytes`);
    this.name = "RecordTooLarge";
  }
}

interface HeldRecord {
  readonly owner: string;
  readonly at: number;
  readonly value: string;
  readonly summary: string;
  readonly bytes: number;
  readonly expiresAt: number;
}

/** The bounded records of one space in this process's memory. */
export function memoryBoundedRecords(bounds: RecordBounds, now: () => number = Date.now): BoundedRecords & { bytes(): number; ownerBytes(owner: string): number; values(): string[] } {
  /** In insertion order: the first entries are the oldest. */
  const records = new Map<string, HeldRecord>();
  const owners = new Map<string, { ids: Set<string>; bytes: number }>();
  let allBytes = 0;

  const drop = (id: string) => {
    const record = records.get(id);
    if (!record) return;
    records.delete(id);
    allBytes -= record.bytes;
    const owner = owners.get(record.owner);
    if (!owner) return;
    owner.ids.delete(id);
    owner.bytes -= record.bytes;
    if (owner.ids.size === 0) owners.delete(record.owner);
  };
  const dropExpired = () => {
    const time = now();
    for (const [id, record] of records) {
      if (record.expiresAt > time) break; // one TTL for all: the oldest expire first
      drop(id);
    }
  };

  return {
    put: (record) => {
      const bytes = recordBytes(record);
      if (bytes > bounds.maxRecordBytes) return Promise.reject(new RecordTooLarge(bytes, bounds.maxRecordBytes));
      dropExpired();
      drop(record.id);
      const at = now();
      records.set(record.id, { owner: record.owner, at, value: record.value, summary: record.summary, bytes, expiresAt: at + bounds.ttlSeconds * 1_000 });
      allBytes += bytes;
      const owner = owners.get(record.owner) ?? { ids: new Set<string>(), bytes: 0 };
      owner.ids.add(record.id);
      owner.bytes += bytes;
      owners.set(record.owner, owner);
      // The owner's own oldest first, then anyone's oldest: never the record just kept.
      for (const id of owner.ids) {
        if (owner.bytes <= bounds.maxBytesPerOwner || id === record.id) break;
        drop(id);
      }
      for (const id of records.keys()) {
        if (allBytes <= bounds.maxBytesInAll || id === record.id) break;
        drop(id);
      }
      return Promise.resolve();
    },
    get: (id) => {
      const record = records.get(id);
      if (!record) return Promise.resolve(undefined);
      if (record.expiresAt <= now()) {
        drop(id);
        return Promise.resolve(undefined);
      }
      return Promise.resolve(record.value);
    },
    list: (owner) => {
      dropExpired();
      const entries: RecordListEntry[] = [];
      for (const id of owners.get(owner)?.ids ?? []) {
        const record = records.get(id);
        if (record) entries.push({ id, at: record.at, summary: record.summary });
      }
      return Promise.resolve(entries.sort((a, b) => b.at - a.at));
    },
    bytes: () => allBytes,
    ownerBytes: (owner) => owners.get(owner)?.bytes ?? 0,
    values: () => [...records.values()].map((record) => record.value),
  };
}

/**
 * The write of one record in Redis, atomic (one script; the portal's clock orders the records): first the records past their time are taken
 * out of the lists and counters (their values Redis has already forgotten: SET … EX), then the record is
 * written, then the owner's oldest and everyone's oldest are deleted while their bytes are over the
 * bounds. Every key has a TTL: the value its own, the lists and counters the space's (refreshed on each
 * write), so an idle space disappears by itself.
 *
 * Keys, under `P` (the portal's prefix and the space's name):
 *   P r:<id>      the value (SET … EX)
 *   P o:<owner>   the owner's ids by time (ZSET)
 *   P s:<owner>   the owner's summaries: id → "<bytes>\n<summary>" (HASH)
 *   P ob:<owner>  the owner's bytes (counter)
 *   P all         everyone's records by time: "<bytes>\n<owner>\n<id>" (ZSET)
 *   P ab          everyone's bytes (counter)
 * The keys are made inside the script from P: the portal uses one Redis, never a cluster.
 */
export const PUT_RECORD_SCRIPT = `
local P = KEYS[1]
local id, owner, value, summary = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local ttl, maxOwner, maxAll, now = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local at = now
local bytes = #value + #summary
local function decr(key, by)
  if redis.call('EXISTS', key) == 1 then redis.call('DECRBY', key, by) end
end
-- takes one record out of everything; its bytes from the member of "all"
local function drop(b, o, i)
  redis.call('ZREM', P .. 'all', b .. '\\n' .. o .. '\\n' .. i)
  redis.call('ZREM', P .. 'o:' .. o, i)
  redis.call('HDEL', P .. 's:' .. o, i)
  redis.call('DEL', P .. 'r:' .. i)
  decr(P .. 'ob:' .. o, b)
  decr(P .. 'ab', b)
end
local function split(member)
  local b, o, i = string.match(member, '^(%d+)\\n(.*)\\n([^\\n]*)$')
  return tonumber(b), o, i
end
local expired = redis.call('ZRANGEBYSCORE', P .. 'all', '-inf', now - ttl * 1000, 'LIMIT', 0, 256)
for _, member in ipairs(expired) do
  local b, o, i = split(member)
  if b then drop(b, o, i) end
end
local previous = redis.call('HGET', P .. 's:' .. owner, id)
if previous then drop(tonumber(string.match(previous, '^(%d+)')), owner, id) end
redis.call('SET', P .. 'r:' .. id, value, 'EX', ttl)
redis.call('ZADD', P .. 'o:' .. owner, at, id)
redis.call('HSET', P .. 's:' .. owner, id, bytes .. '\\n' .. summary)
redis.call('ZADD', P .. 'all', at, bytes .. '\\n' .. owner .. '\\n' .. id)
redis.call('INCRBY', P .. 'ob:' .. owner, bytes)
redis.call('INCRBY', P .. 'ab', bytes)
for _, key in ipairs({ P .. 'o:' .. owner, P .. 's:' .. owner, P .. 'ob:' .. owner, P .. 'all', P .. 'ab' }) do
  redis.call('EXPIRE', key, ttl)
end
local dropped = 0
while tonumber(redis.call('GET', P .. 'ob:' .. owner) or '0') > maxOwner do
  local first = redis.call('ZRANGE', P .. 'o:' .. owner, 0, 0)[1]
  if not first or first == id then break end
  local held = redis.call('HGET', P .. 's:' .. owner, first)
  local b = held and tonumber(string.match(held, '^(%d+)')) or 0
  drop(b, owner, first)
  dropped = dropped + 1
end
while tonumber(redis.call('GET', P .. 'ab') or '0') > maxAll do
  local first = redis.call('ZRANGE', P .. 'all', 0, 0)[1]
  if not first then break end
  local b, o, i = split(first)
  if not b or i == id then break end
  drop(b, o, i)
  dropped = dropped + 1
end
return dropped
`;
