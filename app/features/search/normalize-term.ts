/** 'Importação' → 'importacao': accents and case never matter in search (NFD, marks stripped, lower-case). */
export function normalizeTerm(term: string): string {
  return term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
