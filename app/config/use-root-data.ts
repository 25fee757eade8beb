import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import type { PublicConfig } from "./public-config";

/** The root loader's data (language, public configuration); undefined only when the root itself failed. */
export function useRootData() {
  // Typed from the loader itself: the shape is stated once, in app/root.tsx.
  return useRouteLoaderData<typeof loader>("root");
}

/** What the root loader sends: language, public configuration, origin, the signed-in visitor's name. */
export type RootData = NonNullable<ReturnType<typeof useRootData>>;

export function useAppConfig(): PublicConfig | undefined {
  return useRootData()?.publicConfig;
}
