import type { ComponentType } from "react";
import { ISLAND_FILE } from "./island-sources";

/**
 * The server imports every island's module (`app/islands/<name>.island.tsx`, the very module the browser
 * loads: the islands' build takes the same files, vite.config.ts) and knows each widget by the module that
 * exports it: an island's name is its file's name, never written by hand, so the name the server writes
 * and the module the browser loads cannot drift apart.
 */
const modules = import.meta.glob<{ default: ComponentType<never> }>("./*.island.tsx", { eager: true });

const nameOf = new Map<unknown, string>();
for (const [file, module] of Object.entries(modules)) {
  const name = ISLAND_FILE.exec(file.slice("./".length))?.[1];
  if (!name) throw new Error(`${file}: an island's file is named <name>.island.tsx, in lower-case kebab-case`);
  if (typeof module.default !== "function") throw new Error(`${file}: an island's module exports its widget as default`);
  const other = nameOf.get(module.default);
  if (other) throw new Error(`${file} and ${other}.island.tsx export the same widget: one island per widget`);
  nameOf.set(module.default, name);
}

/** Every island's name, from the files. */
export const ISLAND_NAMES: readonly string[] = [...nameOf.values()].sort();

/** The island whose module exports this widget as its default; throws for a widget that is not one. */
export function islandNameOf(component: unknown): string {
  const name = nameOf.get(component);
  if (name) return name;
  const label = (component as { displayName?: string; name?: string } | undefined)?.displayName ?? (component as { name?: string } | undefined)?.name ?? String(component);
  throw new Error(
    `${label} is not an island: give it a module app/islands/<name>.island.tsx whose default export it is (the comment at the top of app/islands/island.tsx)`,
  );
}
