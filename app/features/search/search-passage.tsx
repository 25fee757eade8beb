import type { PassagePart } from "./passage";

/** A result's passage with the matched words in <mark>. */
export function SearchPassage({ parts }: { parts: PassagePart[] }) {
  return (
    <>
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}
