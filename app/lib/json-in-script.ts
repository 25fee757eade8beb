/**
 * JSON to write inside a `<script>` element (a data block, speculation rules): every `<` becomes
 * `\u003c`, which JSON reads as the same character, so no text in the value can close the element
 * (`</script>`) or open a comment (`<!--`) in the HTML around it.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
