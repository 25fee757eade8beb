import { useState } from "react";
import { useLocation } from "react-router";

/**
 * The text of a field that a GET form answers through the page address: it starts as the text the
 * answer is for, and a new answer (submit, back, forward: a new location) shows its own text again.
 * Keyed by location, not by the loader's data object: a revalidation of the same address must not
 * overwrite what the visitor is typing.
 */
export function useAnsweredText(answeredText: string) {
  const location = useLocation();
  const [text, setText] = useState(answeredText);
  const [shownLocation, setShownLocation] = useState(location.key);
  if (shownLocation !== location.key) {
    setShownLocation(location.key);
    setText(answeredText);
  }
  return [text, setText] as const;
}
