/**
 * The site's one accent and case folding: 'Importação' → 'importacao' (NFD, combining marks dropped,
 * lower-cased). Search matches terms with it and the data table filters cells with it, so 'acao'
 * finds 'Ação' in both. Lower-casing is locale-independent: pt and en have no special cases.
 */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
