/**
 * The distinct texts the search benchmarks send (bench/suites/search.bench.ts, bench/suites/search-plans.ts): what shoppers might
 * type, made from the words product names use, the same texts every run.
 */
import { seededRandom } from '../lib/measure.ts';

/** A typing mistake: two neighbouring letters swapped, one left out, or one doubled. */
function misspell(word: string, rng: () => number): string {
  const i = 1 + Math.floor(rng() * Math.max(1, word.length - 2));
  const kind = Math.floor(rng() * 3);
  if (kind === 0) return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + (word[i] ?? '') + word.slice(i);
}

/**
 * Distinct texts from the words product names use (most common first): whole words, a swapped, missing or doubled
 * letter, two words, two run together, half typed.
 */
export function queryTexts(nameWords: readonly string[], count: number): string[] {
  // Seeded: the same texts every run.
  const rng = seededRandom(15);
  const pick = () => nameWords[Math.floor(rng() ** 2 * nameWords.length)] ?? 'salmon';
  const texts = new Set<string>();
  const makers = [
    () => pick(),
    () => misspell(pick(), rng),
    () => `${pick()} ${pick()}`,
    () => `${pick()} ${misspell(pick(), rng)}`,
    () => `${pick()}${pick()}`,
    () => pick().slice(0, 3 + Math.floor(rng() * 3)),
    () => `${pick()} ${pick().slice(0, 3)}`,
  ];
  for (let attempt = 0; texts.size < count && attempt < count * 50; attempt++) {
    const maker = makers[attempt % makers.length];
    if (maker) texts.add(maker());
  }
  return [...texts];
}

/** The words of product names the texts are made from: letters only, 3 or more, most common first. */
export const nameWordsQuery = `select word from search_words where in_names > 0 and length(word) >= 3 and word ~ '^[a-z]+$' order by in_names desc`;
