// The turns of the verification pool (./verification-pool.ts): every header check decrypts an RSA
// Nonce, and the pool's workers and its budget per second (limits.headerChecksPerSecondAllClients) are
// shared by every client of this instance. A check starts only with a free worker and a unit of the
// budget, in turn: the checker page (people) and the SOAP sandbox (programs) are two lanes served one
// after the other, so people keep a share of their own; inside a lane, clients are served round robin,
// each as many checks per round as its weight (deficit round robin: an integrator's key weighs its
// quota against the anonymous one's), so a client with a hundred checks waiting takes no more per round
// than one with two. A client that asks faster than its quota's rate (the sandbox's 240 a minute is 4 a
// second) has its weight cut by as much: its checks beyond that rate wait behind those of the clients
// within theirs (a flood that retries each refusal at once cannot take the turns of a suite that keeps
// to its quota; the refusals are not counted against the flood's quota, so the quota alone would not
// stop it). The waiting room is bounded: when it is full, a newcomer takes the place of the
// newest check of the client that waits most for its weight (that one is refused), unless the
// newcomer's client already waits as much; a check that cannot start within its time is refused. A refusal says why: the
// room was full, the budget per second was spent (no unit within its time), or the workers were busy.

export type FairLane = "checker" | "sandbox";

/** Whose turn a check takes: its lane, its client (a key, or an address) and its weight (default 1). */
export interface FairTurn {
  readonly lane: FairLane;
  readonly client: string;
  readonly weight?: number;
  /**
   * The rate the client's quota allows, checks a second (240 a minute: 4): asking faster cuts its
   * weight in proportion. Absent: its weight is whole, whatever it asks.
   */
  readonly quotaPerSecond?: number;
}

/** How long the rate a client asks at is measured over (an exponential average, seconds). */
const ASKED_RATE_SECONDS = 2;
/** Clients whose rate is remembered at once; past it, the longest idle are forgotten. */
const MAX_RATE_CLIENTS = 10_000;

/** Why a check could not start: the waiting room was full, the budget per second was spent, or every worker stayed busy. */
export type FairRefusalReason = "full" | "budget" | "timeout" | "closed";

export class FairRefusal extends Error {
  constructor(readonly reason: FairRefusalReason) {
    super(`no turn for the check: ${reason}`);
    this.name = "FairRefusal";
  }
}

export interface FairQueueOptions {
  /** Checks running at once (the pool's workers). */
  readonly maxRunning: number;
  /** Checks started per second, every client together (the budget of all clients; also the bucket's size, so at least 1 to start any). */
  readonly perSecond: number;
  /** Checks that may wait at once, every client together. */
  readonly maxWaiting: number;
  /** How long a check may wait for its turn. */
  readonly maxWaitMs: number;
  readonly now?: () => number;
}

interface Waiter {
  readonly client: string;
  readonly lane: FairLane;
  start: (release: () => void) => void;
  refuse: (reason: FairRefusalReason) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface ClientQueue {
  readonly waiters: Waiter[];
  weight: number;
  /** The rate its quota allows (checks a second), when given. */
  quotaPerSecond: number | undefined;
  /** Checks it may still start this round (deficit round robin). */
  credit: number;
}

export interface FairQueue {
  /** Waits for the check's turn: resolves to the function that gives the turn back (call it once the check is done). */
  enter(turn: FairTurn): Promise<() => void>;
  /** Checks waiting for their turn. */
  readonly waiting: number;
  readonly running: number;
  /** Refuses every waiting check and every later one. */
  close(): void;
}

/** The budget per second: a bucket of `perSecond` units, refilled continuously. */
interface BudgetBucket {
  /** Adds the units that came in since the last refill. */
  refill(): void;
  /** The units in the bucket (as of its last refill). */
  readonly tokens: number;
  take(): void;
  /** Calls `then` once the next unit has come in (one wait at a time; it never keeps the process alive). */
  whenNextUnit(then: () => void): void;
  stop(): void;
}

function budgetBucket(perSecond: number, now: () => number): BudgetBucket {
  let tokens = perSecond;
  let refilledAt = now();
  let refillTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    refill: () => {
      const time = now();
      tokens = Math.min(perSecond, tokens + ((time - refilledAt) / 1_000) * perSecond);
      refilledAt = time;
    },
    get tokens() {
      return tokens;
    },
    take: () => {
      tokens -= 1;
    },
    whenNextUnit: (then) => {
      if (refillTimer) return;
      // The next unit of the budget comes in (1 - tokens) / perSecond seconds.
      refillTimer = setTimeout(() => {
        refillTimer = undefined;
        then();
      }, Math.ceil(((1 - tokens) / perSecond) * 1_000));
      // A wait for the budget never keeps the process alive by itself (the waiters' own timers do).
      refillTimer.unref();
    },
    stop: () => {
      if (refillTimer) clearTimeout(refillTimer);
    },
  };
}

/** The rate each client asks at (its checks a second, an exponential average over ASKED_RATE_SECONDS). */
interface AskedRates {
  rate(client: string, time?: number): number;
  record(client: string): void;
}

function askedRates(now: () => number): AskedRates {
  const asked = new Map<string, { sum: number; at: number }>();
  const rate = (client: string, time = now()): number => {
    const held = asked.get(client);
    if (!held) return 0;
    return (held.sum * Math.exp(-(time - held.at) / (ASKED_RATE_SECONDS * 1_000))) / ASKED_RATE_SECONDS;
  };
  return {
    rate,
    record: (client) => {
      const time = now();
      const sum = rate(client, time) * ASKED_RATE_SECONDS + 1;
      asked.delete(client);
      asked.set(client, { sum, at: time });
      if (asked.size > MAX_RATE_CLIENTS) asked.delete(asked.keys().next().value as string);
    },
  };
}

/** A client's weight for its next round: cut by how much faster than its quota's rate it asks. */
function weightOf(rates: AskedRates, client: string, queue: ClientQueue): number {
  if (queue.quotaPerSecond === undefined) return queue.weight;
  const rate = rates.rate(client);
  return rate <= queue.quotaPerSecond ? queue.weight : Math.max(0.05, queue.weight * (queue.quotaPerSecond / rate));
}

/** What the queue holds: the lanes' clients and their waiters, whose turn was last, and the counts. */
interface QueueState {
  readonly lanes: Record<FairLane, Map<string, ClientQueue>>;
  lastLane: FairLane;
  waiting: number;
  running: number;
  closed: boolean;
}

/** The queue's state with its limits, budget and rates: what every step below reads. */
interface QueueCore {
  readonly state: QueueState;
  readonly options: Required<FairQueueOptions>;
  readonly budget: BudgetBucket;
  readonly rates: AskedRates;
}

/** Takes a waiter out of its client's queue (false: it was no longer there). */
function remove(state: QueueState, waiter: Waiter): boolean {
  const clients = state.lanes[waiter.lane];
  const queue = clients.get(waiter.client);
  const at = queue ? queue.waiters.indexOf(waiter) : -1;
  if (!queue || at < 0) return false;
  queue.waiters.splice(at, 1);
  state.waiting -= 1;
  if (queue.waiters.length === 0) clients.delete(waiter.client);
  return true;
}

/** The next waiter in turn: the other lane's when it has one, then the lane's first client, by its credit. */
function next({ state, rates }: QueueCore): Waiter | undefined {
  const other: FairLane = state.lastLane === "checker" ? "sandbox" : "checker";
  const lane = state.lanes[other].size > 0 ? other : state.lanes[state.lastLane].size > 0 ? state.lastLane : undefined;
  if (!lane) return undefined;
  state.lastLane = lane;
  const clients = state.lanes[lane];
  for (;;) {
    const first = clients.entries().next();
    if (first.done) return undefined;
    const [client, queue] = first.value;
    if (queue.credit < 1) {
      // Its round is over: to the end of the lane, with its weight for the next round.
      queue.credit += weightOf(rates, client, queue);
      clients.delete(client);
      clients.set(client, queue);
      continue;
    }
    queue.credit -= 1;
    const waiter = queue.waiters.shift() as Waiter;
    state.waiting -= 1;
    if (queue.waiters.length === 0) clients.delete(client);
    return waiter;
  }
}

/** Takes a worker and a unit of the budget: the function that gives the turn back, once (and starts the next). */
function takeTurn(core: QueueCore): () => void {
  core.budget.take();
  core.state.running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    core.state.running -= 1;
    dispatch(core);
  };
}

/** Starts waiting checks while a worker is free and the budget has a unit; else waits for the next unit. */
function dispatch(core: QueueCore): void {
  const { state, options, budget } = core;
  while (state.running < options.maxRunning && state.waiting > 0) {
    budget.refill();
    if (budget.tokens < 1) {
      budget.whenNextUnit(() => dispatch(core));
      return;
    }
    const waiter = next(core);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.start(takeTurn(core));
  }
}

/** A client's claim on the waiting room: its checks waiting for each unit of its weight. */
const crowding = (rates: AskedRates, client: string, queue: ClientQueue, waiting = queue.waiters.length) => waiting / weightOf(rates, client, queue);

/** The client that waits most for its weight, to make room for a newcomer. */
function longest({ state, rates }: QueueCore): { queue: ClientQueue; client: string; crowding: number } | undefined {
  let found: { queue: ClientQueue; client: string; crowding: number } | undefined;
  for (const lane of ["checker", "sandbox"] as const) {
    for (const [client, queue] of state.lanes[lane]) {
      const score = crowding(rates, client, queue);
      if (!found || score > found.crowding) found = { queue, client, crowding: score };
    }
  }
  return found;
}

/**
 * The room is full: the newest check of the client that waits most for its weight is refused to make
 * room, unless the newcomer's client already waits as much (false: the newcomer is refused).
 */
function makeRoom(core: QueueCore, client: string, own: ClientQueue | undefined, weight: number): boolean {
  const most = longest(core);
  // Room is made only by a client that waits more for its weight than this one would.
  const mine = own ? crowding(core.rates, client, own, own.waiters.length + 1) : 1 / Math.max(0.1, weight);
  if (!most || most.client === client || most.crowding <= mine) return false;
  const pushed = most.queue.waiters[most.queue.waiters.length - 1] as Waiter;
  remove(core.state, pushed);
  clearTimeout(pushed.timer);
  pushed.refuse("full");
  return true;
}

/** Puts a check in its client's queue, refused if its turn has not come within maxWaitMs. */
function wait(core: QueueCore, { lane, client, weight = 1, quotaPerSecond }: FairTurn, resolve: (release: () => void) => void, reject: (error: FairRefusal) => void): void {
  const { state, options, budget } = core;
  const clients = state.lanes[lane];
  const turnWeight = Math.max(0.1, weight);
  const queue: ClientQueue = clients.get(client) ?? { waiters: [], weight: turnWeight, quotaPerSecond, credit: turnWeight };
  queue.weight = turnWeight;
  queue.quotaPerSecond = quotaPerSecond;
  const waiter: Waiter = {
    client,
    lane,
    start: resolve,
    refuse: (reason) => reject(new FairRefusal(reason)),
    timer: setTimeout(() => {
      if (!remove(state, waiter)) return;
      budget.refill();
      // Out of time: because the budget per second was spent, or because every worker stayed busy.
      waiter.refuse(state.running < options.maxRunning && budget.tokens < 1 ? "budget" : "timeout");
    }, options.maxWaitMs),
  };
  queue.waiters.push(waiter);
  clients.set(client, queue);
  state.waiting += 1;
  dispatch(core);
}

/** A check asks for its turn: at once when nobody waits and there is room to run, else it waits (or is refused). */
function enter(core: QueueCore, turn: FairTurn): Promise<() => void> {
  const { state, options, budget } = core;
  return new Promise<() => void>((resolve, reject) => {
    if (state.closed) return reject(new FairRefusal("closed"));
    core.rates.record(turn.client);
    const own = state.lanes[turn.lane].get(turn.client);
    // Nobody waits, a worker is free and the budget has a unit: it starts at once, the room aside.
    budget.refill();
    if (state.waiting === 0 && state.running < options.maxRunning && budget.tokens >= 1) {
      state.lastLane = turn.lane;
      resolve(takeTurn(core));
      return;
    }
    if (state.waiting >= options.maxWaiting && !makeRoom(core, turn.client, own, turn.weight ?? 1)) return reject(new FairRefusal("full"));
    wait(core, turn, resolve, reject);
  });
}

/** Refuses every waiting check; later ones are refused by `enter`. */
function close({ state, budget }: QueueCore): void {
  state.closed = true;
  budget.stop();
  for (const lane of ["checker", "sandbox"] as const) {
    for (const queue of state.lanes[lane].values()) {
      for (const waiter of queue.waiters) {
        clearTimeout(waiter.timer);
        waiter.refuse("closed");
      }
    }
    state.lanes[lane].clear();
  }
  state.waiting = 0;
}

export function fairQueue({ maxRunning, perSecond, maxWaiting, maxWaitMs, now = Date.now }: FairQueueOptions): FairQueue {
  const core: QueueCore = {
    state: { lanes: { checker: new Map(), sandbox: new Map() }, lastLane: "checker", waiting: 0, running: 0, closed: false },
    options: { maxRunning, perSecond, maxWaiting, maxWaitMs, now },
    budget: budgetBucket(perSecond, now),
    rates: askedRates(now),
  };
  return {
    enter: (turn) => enter(core, turn),
    get waiting() {
      return core.state.waiting;
    },
    get running() {
      return core.state.running;
    },
    close: () => close(core),
  };
}
