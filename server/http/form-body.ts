import type { NextFunction, Request, Response } from "express";
import { bodyReadFirst } from "./read-body-first";
import { sendPlainErrorPage } from "./plain-error-page";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form route takes a form: any other body (JSON, text/plain) is 415, and a form body that does not
 * parse (a broken multipart) is 400, before the route's action, where `request.formData()` would
 * throw and answer 500. Runs after readBodyFirst, so the body is in memory and bounded.
 */
export async function formBodyOnly(req: Request, res: Response, next: NextFunction): Promise<void> {
  const body = bodyReadFirst(req);
  if (!body || body.length === 0) return next();
  const type = req.headers["content-type"] ?? "";
  const essence = type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(essence)) return sendPlainErrorPage(req, res, 415);
  try {
    // The platform's own parser (the one the action uses), on the bytes already read.
    await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    return sendPlainErrorPage(req, res, 400);
  }
  next();
}
