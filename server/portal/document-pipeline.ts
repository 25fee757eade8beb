import compression from "compression";
import type { Express, RequestHandler, Response } from "express";
import { apiPath, BASE_PATH, BASE_URL, isUnderBasePath, RENEWAL_REMINDER_PATH, TIME_LIMIT_REMINDER_PATH } from "../../app/server-surface";
import type { createAuth } from "../auth/create-auth";
import { SESSION_COOKIE_NAMES } from "../auth/session-cookie";
import { bodyDeadline } from "../http/body-deadline";
import { sendBusy } from "../http/busy";
import { clientKey } from "../http/client-budget";
import { formBodyOnly } from "../http/form-body";
import { languageMiddleware } from "../http/language";
import { sendPlainErrorPage } from "../http/plain-error-page";
import { readBodyFirst } from "../http/read-body-first";
import { reactRouterHandler } from "../http/react-router-handler";
import { renderAdmission } from "../http/render-admission";
import { renewalReminder } from "../http/renewal-reminder";
import { pageMethods } from "../http/request-guards";
import { missingAsset, publicFiles } from "../http/static-assets";
import { timeLimitReminder } from "../http/time-limit-reminder";
import { createPageCache, type PageCache } from "../page-cache/page-cache";
import { HEADER_CHECK_MAX_BODY_BYTES, headerCheckGuard, headerCheckTooLarge, sandboxKeysGuard } from "../sandbox/header-check-guard";
import type { LoadContextStage } from "./load-context";
import type { PortalParts } from "./portal-options";
import type { SpendRender } from "./render-budget";
import { timedOutBody, type SandboxStage } from "./sandbox-stage";

/**
 * The portal's own addresses: `/` sends to the base path; any other address outside it (/robots.txt,
 * /wp-login.php) is a plain 404, not a page render that React Router would log as an error; health and
 * readiness; the public files of the client build.
 */
export function siteBoundary(app: Express, { readiness, clientDir, buildId }: PortalParts): void {
  app.get("/", (_req, res) => res.redirect(302, BASE_URL));
  app.use((req, res, next) => (isUnderBasePath(req.path) ? next() : sendPlainErrorPage(req, res, 404)));
  // Alive, and which build it runs (a deployment across two builds shows which instance has which).
  app.get(apiPath("health"), (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", build: buildId });
  });
  app.get(apiPath("ready"), (req, res) => readiness.handler(req, res));
  if (clientDir) {
    app.use(`${BASE_PATH}/assets`, missingAsset);
    app.use(BASE_PATH, publicFiles(clientDir));
  }
}

/**
 * Before a page: compression, the language, every body's deadline, the session and /auth/*, the
 * checker's POST body read whole (size cap, deadline) before it may take a render slot, the methods a
 * page allows, and the two .ics reminders (files made here, not pages).
 */
export function beforeThePage(app: Express, { settings }: PortalParts, { auth, sandbox, spendRender }: { auth: ReturnType<typeof createAuth>; sandbox: SandboxStage; spendRender: SpendRender }): void {
  const { limits } = settings.config;
  // An answer sent as stored (the page cache's compressed bytes) is not compressed again.
  app.use(compression({ filter: (req, res) => !(res as Response).locals.encodedOnce && compression.filter(req, res) }));
  app.use(BASE_PATH, languageMiddleware);
  // Sign-out reads a small form body: it gets the same deadline as every body.
  app.use(bodyDeadline({ deadlineMs: limits.bodyDeadlineMs, timedOut: timedOutBody }));
  app.use(auth.router);
  app.post(
    headerCheckGuard.paths,
    ...sandbox.checkLimiters.checker,
    readBodyFirst({ maxBytes: HEADER_CHECK_MAX_BODY_BYTES, deadlineMs: limits.bodyDeadlineMs, tooLarge: headerCheckTooLarge }),
    formBodyOnly,
  );
  app.post(sandboxKeysGuard.paths, readBodyFirst({ maxBytes: sandboxKeysGuard.maxBodyBytes, deadlineMs: limits.bodyDeadlineMs }), formBodyOnly);
  app.use(pageMethods({ postPaths: [...headerCheckGuard.paths, ...sandboxKeysGuard.paths] }));
  // The .ics reminders are drawn per request (an answer to a query): each costs a render of the client's budget.
  const budgeted = (answer: RequestHandler): RequestHandler => (req, res, next) => {
    spendRender(req, res).then((granted) => (granted ? answer(req, res, next) : undefined), next);
  };
  app.get(RENEWAL_REMINDER_PATH, budgeted(renewalReminder));
  app.get(TIME_LIMIT_REMINDER_PATH, budgeted(timeLimitReminder));
}

/**
 * The render: the page cache (anonymous pages rendered once, served from memory; AREAOE_PAGE_CACHE=off:
 * none), the client's render budget, render admission (renders beyond what the machine can do wait
 * briefly, client by client in turn, then 503: never a 500 for being busy; misses take their slot here
 * too), then the one React Router handler. Returns the page cache, whose early answer the front door gives.
 */
export function rendering(app: Express, parts: PortalParts, { loadContext, spendRender }: LoadContextStage & { spendRender: SpendRender }): PageCache | undefined {
  const { settings, build, logger, metrics } = parts;
  const admission = renderAdmission({ maxConcurrent: 8, maxWaitMs: 3_000, maxQueue: 500, maxQueuePerClient: 16, clientOf: clientKey, busy: sendBusy, logger, metrics: metrics.admission });
  const renderer = reactRouterHandler({ build, mode: settings.mode, loadContext });
  const pageCache = settings.pageCache
    ? createPageCache({ build, renderer, sessionCookies: SESSION_COOKIE_NAMES, logger, admission, busy: sendBusy, spendRender, metrics: metrics.pageCache })
    : undefined;
  if (pageCache) app.get(/.*/, pageCache.middleware);
  app.all(/.*/, async (req, res, next) => {
    if (await spendRender(req, res)) next();
  });
  app.all(/.*/, admission);
  // A check the quota or the verification pool refused is the checker page itself (its action says so,
  // with the envelope kept, 429 or 503 and Retry-After): no answer of its own here.
  app.all(/.*/, renderer.middleware);
  return pageCache;
}
