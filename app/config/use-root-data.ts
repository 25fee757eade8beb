import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "./public-config";
import type { Language } from "../i18n/languages";

export interface RootData {
  lang: Language;
  publicConfig: PublicConfig;
  origin: string;
}

/** The root loader's data (language, public configuration); undefined only when the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useAppConfig(): PublicConfig | undefined {
  return useRootData()?.publicConfig;
}
