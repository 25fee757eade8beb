import { createContext, useContext } from "react";

/**
 * True inside a link (SmartLink provides it): a widget that would render a button there (an acronym's
 * popover) renders plain text instead, as a button inside a link is not allowed. Known during the
 * server render, so pages that are not hydrated get it right too.
 */
export const InsideLinkContext = createContext(false);

export const useInsideLink = (): boolean => useContext(InsideLinkContext);
