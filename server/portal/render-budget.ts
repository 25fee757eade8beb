import type { Request, Response } from "express";
import type { Logger } from "pino";
import { pageHref } from "../../app/server-surface";
import type { Settings } from "../config/settings";
import { clientBudget, tooManyAnswer } from "../http/client-budget";
import type { SharedState } from "../shared-state/shared-state";

const SEARCH_PAGE = pageHref("search");
/** A search: the results page asked for words (its empty form is an ordinary page). */
function isSearch(req: Request): boolean {
  const at = req.originalUrl.indexOf("?");
  if (at < 0 || req.originalUrl.slice(0, at) !== SEARCH_PAGE) return false;
  return new URLSearchParams(req.originalUrl.slice(at + 1)).getAll("q").some((words) => words.trim() !== "");
}

/** Spends one render from the client's budget; false: refused, the 429 is sent. */
export type SpendRender = (req: Request, res: Response) => Promise<boolean>;

/**
 * Renders (page-cache misses and everything the cache does not serve) cost each client from its
 * budget; hits are free. One charge per request: a miss the cache passes on is not charged again.
 * A search costs a render and more: it also spends from a smaller budget of its own.
 */
export function renderBudget({ limits, sharedState, logger }: { limits: Settings["config"]["limits"]; sharedState: SharedState; logger: Logger }): SpendRender {
  const renders = clientBudget({ store: sharedState.counters("renders"), perSecond: limits.rendersPerSecond, burst: limits.renderBurst });
  const searches = clientBudget({ store: sharedState.counters("searches"), perSecond: limits.searchesPerSecond, burst: limits.searchBurst });
  const tooMany = tooManyAnswer({ logger, windowMs: Math.max(renders.windowMs, searches.windowMs) });
  const charged = new WeakSet<Request>();
  return async (req, res) => {
    if (charged.has(req)) return true;
    charged.add(req);
    const renderWait = await renders.take(req);
    const searchWait = renderWait === undefined && isSearch(req) ? await searches.take(req) : undefined;
    const retryAfter = renderWait ?? searchWait;
    if (retryAfter === undefined) return true;
    tooMany(req, res, retryAfter, renderWait === undefined ? "searches" : "renders");
    return false;
  };
}
