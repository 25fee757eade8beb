import { act, type ReactElement } from "react";
import type { Language } from "~/i18n/languages";

/**
 * A named example of a widget family (`app/components/ui/<family>/<family>.examples.tsx`), in the manner of
 * govuk-frontend's fixtures: `app/components/ui/examples.test.tsx` renders every example on the server in
 * both languages (without JavaScript: the HTML must say what `shows` lists) and hydrates that HTML in the
 * browser (with JavaScript: no mismatch, no console error, then `interact`).
 */
export interface UiExample {
  name: string;
  render: () => ReactElement;
  /** Texts the server's HTML shows, per language (what a visitor without JavaScript reads). */
  shows?: Partial<Record<Language, readonly string[]>>;
  /** Once hydrated: what a visitor with JavaScript does, and what then happens (throws when it does not). */
  interact?: (container: HTMLElement, lang: Language) => Promise<void> | void;
}

/** Waits (at most `timeoutMs`) until `found` gives an element or a truthy value; for examples' `interact`. */
export async function until<T>(found: () => T | null | undefined | false, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = found();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("until: nothing came in time");
    // Inside act: what React renders meanwhile (a lazy chunk that arrived, a library's effects) is flushed.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/** The element `selector` finds in `container`, or an error naming the selector. */
export function find<E extends Element = HTMLElement>(container: ParentNode, selector: string): E {
  const element = container.querySelector<E>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
}

/** Types `text` into a text field as a visitor does (React reads the native value setter and the input event). */
export async function type(field: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Clicks an element as a visitor does, and lets React render what follows. */
export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

/** Presses a key on an element as a visitor does, and lets React render what follows. */
export async function press(element: HTMLElement, key: string): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });
}
