import type { NextFunction, Request, Response } from "express";
import { bodyReadFirst } from "./read-body-first";
import { sendPlainErrorPage } from "./plain-error-page";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form route takes a form: any other body (JSON, text/plain), and a post that says no form type at
 * all (an empty POST: no body, no Content-Type), is 415, and a form body that does not parse (a broken
 * or empty multipart) is 400, before the route's action, where `request.formData()` would throw and
 * answer 500. An empty urlencoded body is an empty form (the action answers "nothing pasted"). Runs
 * after readBodyFirst, so the body is in memory and bounded.
 */
export async function formBodyOnly(req: Request, res: Response, next: NextFunction): Promise<void> {
  const body = bodyReadFirst(req) ?? Buffer.alloc(0);
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
