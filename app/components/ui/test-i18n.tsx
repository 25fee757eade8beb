import type { ReactNode } from "react";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import type { Language } from "~/i18n/languages";

/** Test helper: wraps a widget in an i18n instance fixed to one language (the app's real texts). */
export function withI18n(node: ReactNode, lang: Language = "en") {
  return <TextsContext value={createRenderTexts(lang)}>{node}</TextsContext>;
}
