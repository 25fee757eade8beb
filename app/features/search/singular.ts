import type { Language } from "../../i18n/languages";

/**
 * A word's singular for the search, by the regular plurals of each language: 'garantias' and 'garantia',
 * 'declaracoes' and 'declaracao', 'deadlines' and 'deadline' become one term, so a visitor who asks in
 * the plural finds the page written in the singular, and the other way round. The word comes folded
 * (no accents, lower case: fold-accents.ts), as the index holds it; the index and the query fold alike,
 * so a word this turns into something that is not a word ('meses' → 'mese') still matches itself.
 *
 * Deliberately light (no stemmer: 'importacao' never meets 'importar'): only the plural's ending goes, and
 * words of three letters or fewer are left alone, as are endings that are rarely a plural ('-ss', '-us',
 * '-is': 'process', 'status', 'mais', 'analysis'). Short Portuguese words whose plural would meet another
 * word are left as they are ('bens', goods, is not 'bem').
 */
export function singularOf(word: string, lang: Language): string {
  if (word.length < 4 || !word.endsWith("s") || /\d/.test(word)) return word;
  return lang === "pt" ? portugueseSingular(word) : englishSingular(word);
}

function portugueseSingular(word: string): string {
  const long = word.length >= 5;
  // declarações → declaracao, isenções → isencao, capitães → capitao
  if (long && /[oa]es$/.test(word)) return `${word.slice(0, -3)}ao`;
  // nacionais → nacional, postais → postal ('mais' and 'pais' are four letters: kept)
  if (long && word.endsWith("ais")) return `${word.slice(0, -3)}al`;
  // aplicáveis → aplicavel, papéis → papel; leis → lei
  if (word.endsWith("eis")) return word.length >= 6 ? `${word.slice(0, -3)}el` : word.slice(0, -1);
  // itens → item, origens → origem ('bens' kept: 'bem' is another word)
  if (word.endsWith("ns")) return long ? `${word.slice(0, -2)}m` : word;
  // valores → valor, operadores → operador, vezes → vez
  if (long && /[rz]es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  // garantias → garantia, prazos → prazo, veículos → veiculo
  return word.slice(0, -1);
}

function englishSingular(word: string): string {
  // duties → duty, entries → entry (lies → lie, by the last rule)
  if (word.length >= 5 && /[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  // addresses → address, taxes → tax, searches → search
  if (/(ss|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  // deadlines → deadline, certificates → certificate, guarantees → guarantee
  return word.slice(0, -1);
}
