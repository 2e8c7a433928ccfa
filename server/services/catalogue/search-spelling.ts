/**
 * How a typed word may be read (pure; the dictionary lookup is search-dictionary.ts): which dictionary words are
 * close enough to be what the shopper meant, how a run-together word splits, and the full-text query that comes out.
 */

/** One word of the catalogue's vocabulary, as search_words holds it. */
export interface DictionaryWord {
  /** As PostgreSQL's parser splits catalogue text: lower-case, hyphens kept ('t-bone'). */
  word: string;
  /** The word without hyphens ('tbone'): what a shopper types. */
  joined: string;
  inNames: number;
  inTexts: number;
}

/** What one typed word may mean: alternatives any of which may match. */
export interface WordReading {
  typed: string;
  /** The typed word itself is a catalogue word (or, for the last word, the start of one). */
  exact: boolean;
  /** Terms for the full-text query: catalogue words, or a run-together word's two halves. */
  terms: Term[];
}

/** A catalogue word, a phrase of two (a run-together word split), or a prefix (the last word while typing). */
export type Term = { kind: 'word'; word: string } | { kind: 'prefix'; word: string } | { kind: 'pair'; first: string; second: string };

/** Words this short are read as typed (a typo of 'ox' is any two letters). */
const shortestTolerant = 3;
/** From this length two typing mistakes are forgiven, below it one (issue 15). */
const twoEditsFrom = 6;
/** Halves of a run-together word shorter than this would split almost anything ('be' + 'efsteak'). */
const shortestHalf = 3;
/** The closest few readings of a typo are enough; more only widen the query. */
const maxCorrections = 6;
/**
 * A typed word that is itself a catalogue word is taken as meant, unless it is this many times rarer than a close
 * word: 'sirlion' is no word, but a rare word one letter from a common one ('steal' beside 'steak') is a typo.
 */
const rarityFactor = 50;

/** How many typing mistakes a typed word of this length may carry. */
export function allowedEdits(length: number): number {
  if (length < shortestTolerant) return 0;
  return length >= twoEditsFrom ? 2 : 1;
}

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbouring letters
 * each count 1 ('tnua' is one edit from 'tuna', where Levenshtein says 2). Stops early above `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The word and every way of deleting one letter from it: two words within one edit share one of these. */
export function oneLetterDeletions(word: string): string[] {
  const letters = [...word];
  const found = new Set([word]);
  letters.forEach((_, i) => found.add([...letters.slice(0, i), ...letters.slice(i + 1)].join('')));
  return [...found];
}

/** Ways to cut a run-together word in two, both halves at least 3 letters ('lambchop' → 'lamb' + 'chop', ...). */
export function splits(word: string): [string, string][] {
  const letters = [...word];
  const found: [string, string][] = [];
  for (let i = shortestHalf; i <= letters.length - shortestHalf; i++) found.push([letters.slice(0, i).join(''), letters.slice(i).join('')]);
  return found;
}

/**
 * Readings of one typed word given the dictionary words found near it: itself when it is a catalogue word; else (or
 * when it is much rarer than a neighbour) the closest catalogue words within allowedEdits; a split into two catalogue
 * words when it runs two together; for the last word, also any catalogue word it begins.
 */
export function readWord(
  typed: string,
  isLast: boolean,
  nearby: readonly DictionaryWord[],
  byJoined: ReadonlyMap<string, DictionaryWord[]>,
): WordReading {
  const terms: Term[] = [];
  const own = byJoined.get(typed) ?? [];
  for (const entry of own) terms.push({ kind: 'word', word: entry.word });
  const ownFrequency = Math.max(0, ...own.map((entry) => entry.inTexts));

  // A catalogue word is corrected only when much rarer than its neighbour; a word nobody wrote always may be.
  const limit = allowedEdits([...typed].length);
  const corrections = nearby
    .filter((entry) => entry.joined !== typed && (own.length === 0 || entry.inTexts >= Math.max(1, ownFrequency) * rarityFactor))
    .map((entry) => ({ entry, distance: editDistance(entry.joined, typed, limit) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || b.entry.inNames - a.entry.inNames || b.entry.inTexts - a.entry.inTexts)
    .slice(0, maxCorrections);
  for (const { entry } of corrections) terms.push({ kind: 'word', word: entry.word });
  // 'stake' for steak is two edits in five letters: one more edit is allowed when it reaches a word of product names
  // and nothing within the usual limit does (the closest words then are 'state', 'stale': description words only).
  if (own.length === 0 && limit === 1 && [...typed].length >= 5 && !corrections.some(({ entry }) => entry.inNames > 0)) {
    const named = nearby
      .filter((entry) => entry.inNames > 0 && editDistance(entry.joined, typed, 2) === 2)
      .sort((a, b) => b.inNames - a.inNames)
      .slice(0, maxCorrections);
    for (const entry of named) terms.push({ kind: 'word', word: entry.word });
  }

  if (own.length === 0) {
    for (const [first, second] of splits(typed)) {
      const left = byJoined.get(first)?.[0];
      const right = byJoined.get(second)?.[0] ?? byJoined.get(`${second}s`)?.[0] ?? byJoined.get(`${second}es`)?.[0];
      if (left && right) terms.push({ kind: 'pair', first: left.word, second: right.word });
    }
  }
  const startsWord = isLast && nearby.some((entry) => entry.joined.startsWith(typed) && entry.joined !== typed);
  if (startsWord) terms.push({ kind: 'prefix', word: typed });
  return { typed, exact: own.length > 0 || startsWord, terms: dedupe(terms) };
}

function dedupe(terms: readonly Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = JSON.stringify(term);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A term as tsquery text: quoted (the parser's words may hold hyphens and apostrophes), prefixes with :*, weighted. */
function termText(term: Term, weight: '' | 'A'): string {
  switch (term.kind) {
    case 'word':
      return `${quote(term.word)}${weight ? `:${weight}` : ''}`;
    case 'prefix':
      return `${quote(term.word)}:*${weight}`;
    case 'pair':
      return `(${termText({ kind: 'word', word: term.first }, weight)} & ${termText({ kind: 'word', word: term.second }, weight)})`;
  }
}

function quote(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsquery text (for to_tsquery('english', ...), which stems each word, so 'chops' meets 'chop') needing every
 * typed word in one of its readings. Two neighbouring words that a catalogue word joins ('t bone' → 't-bone', 'rib
 * eye' → 'ribeye') may match as that word instead. Words with no reading at all are left out, like a search engine
 * dropping a word nothing contains; undefined when no word is left. Weight 'A' keeps to products' names.
 */
export function fullTextQuery(
  readings: readonly WordReading[],
  joins: ReadonlyMap<number, string[]>,
  only: 'exact' | 'all',
  weight: '' | 'A' = '',
): string | undefined {
  const groups: string[] = [];
  const groupOf = (reading: WordReading): string | undefined => {
    const terms =
      only === 'exact'
        ? reading.terms.filter((t) => t.kind === 'prefix' || (t.kind === 'word' && t.word.replace(/-/g, '') === reading.typed))
        : reading.terms;
    if (terms.length === 0) return undefined;
    return `(${terms.map((term) => termText(term, weight)).join(' | ')})`;
  };
  for (let i = 0; i < readings.length; i++) {
    const reading = readings[i];
    if (!reading) continue;
    const group = groupOf(reading);
    const joined = joins.get(i);
    const next = readings[i + 1];
    if (joined && joined.length > 0 && next) {
      const nextGroup = groupOf(next);
      // The catalogue writes it hyphenated ('t-bone'): that is what 't bone' means, not any 'bone' ('boneless').
      const hyphenated = joined.some((word) => word.includes('-'));
      const apart = group && nextGroup && !hyphenated ? [`(${group} & ${nextGroup})`] : [];
      groups.push(`(${[...joined.map((word) => termText({ kind: 'word', word }, weight)), ...apart].join(' | ')})`);
      i += 1;
      continue;
    }
    if (group) groups.push(group);
    else if (only === 'exact') return undefined;
  }
  return groups.length === 0 ? undefined : groups.join(' & ');
}

/**
 * For each group of the full-text query (a typed word, or two neighbours a catalogue word joins), the catalogue words
 * one of which every product matching the group has in its name: the group's words, a split word's first half, a
 * prefix's most common completions. A search walks the postings of the rarest group only (search-ranking.ts) and
 * checks the whole query on the products it finds, so this may say more than the query, never less, except that a
 * prefix stands for its most common completions (as a search engine caps a prefix's expansions).
 */
export function driverGroups(readings: readonly WordReading[], joins: ReadonlyMap<number, string[]>, completions: readonly string[]): string[][] {
  const groups: string[][] = [];
  const driversOf = (reading: WordReading): string[] =>
    reading.terms.flatMap((term) => (term.kind === 'word' ? [term.word] : term.kind === 'pair' ? [term.first] : completions));
  for (let i = 0; i < readings.length; i++) {
    const reading = readings[i];
    if (!reading) continue;
    const joined = joins.get(i);
    const next = readings[i + 1];
    if (joined && joined.length > 0 && next) {
      groups.push([...new Set([...joined, ...driversOf(reading)])]);
      i += 1;
      continue;
    }
    const drivers = driversOf(reading);
    if (drivers.length > 0) groups.push([...new Set(drivers)]);
  }
  return groups;
}
