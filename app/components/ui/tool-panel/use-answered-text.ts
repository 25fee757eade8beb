import { useState } from "react";

/**
 * The text of a field that a GET form answers through the page address: it starts as the text the
 * answer is for, and a new answer (submit, back, forward: a new `answerKey` from useAddressAnswer)
 * shows its own text again. Keyed by the answer, not by the text: typing is never overwritten by an
 * answer that did not change.
 */
export function useAnsweredText(answeredText: string, answerKey: number) {
  const [text, setText] = useState(answeredText);
  const [shownKey, setShownKey] = useState(answerKey);
  if (shownKey !== answerKey) {
    setShownKey(answerKey);
    setText(answeredText);
  }
  return [text, setText] as const;
}
