import { useCallback, useEffect, useRef, useState } from "react";

export interface AddressAnswer<State> {
  /** The answer shown: the server's (first render, hydration), then the one of the current address. */
  state: State;
  /** Changes with each new answer (submit, Back, Forward): what was typed is reset to the answer's text. */
  key: number;
  /** Answers a submitted GET form in the browser: the same address the server would answer, same rules. */
  submit: (form: HTMLFormElement) => void;
}

/**
 * A GET form answered through the address bar, without a router: the server answers the address
 * without JavaScript; in the browser a submit puts the form's query in the address (`history.pushState`,
 * so Back returns to the previous answer) and `read` — the same pure function the server's loader
 * uses — answers it. Back and Forward (popstate) read the address again. `initial` is the server's
 * answer for the address the page was loaded at, so hydration renders exactly the server's HTML.
 */
export function useAddressAnswer<State>(initial: State, read: (url: URL) => State): AddressAnswer<State> {
  const [answer, setAnswer] = useState({ state: initial, key: 0 });
  // The latest `read` for the handlers below (it changes only with the page's language).
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });

  useEffect(() => {
    const onPopState = () => {
      setAnswer((previous) => ({ state: readRef.current(new URL(window.location.href)), key: previous.key + 1 }));
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const submit = useCallback((form: HTMLFormElement) => {
    const url = new URL(form.action, window.location.href);
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value);
    url.search = query.toString();
    window.history.pushState(null, "", url);
    setAnswer((previous) => ({ state: readRef.current(url), key: previous.key + 1 }));
  }, []);

  return { state: answer.state, key: answer.key, submit };
}
