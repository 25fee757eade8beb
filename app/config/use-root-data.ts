import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "./public-config";
import type { Language } from "../i18n/languages";

export interface RootData {
  lang: Language;
  publicConfig: PublicConfig;
  origin: string;
  /** The signed-in visitor's name, for the header; null when signed out. */
  visitor: { name: string } | null;
  /** False when this server has no identity provider (no sign-in link then). */
  signInEnabled: boolean;
}

/** The root loader's data (language, public configuration); undefined only when the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useAppConfig(): PublicConfig | undefined {
  return useRootData()?.publicConfig;
}
