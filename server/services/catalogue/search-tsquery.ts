/**
 * Full-text queries read and matched in Node (decision 064): the query texts search-spelling.ts writes for
 * to_tsquery, and to_tsquery's own output, parsed into a tree, then matched against a name's lexemes as
 * `name_vector @@ query` does. Positions are not kept: a phrase (`<->`, from a hyphenated word: 't-bone' → 't-bone'
 * <-> 't' <-> 'bone') is matched as all its lexemes, which is the same thing in a name because the compound lexeme
 * ('t-bone') only comes from the hyphenated word whose parts follow it.
 */

/** A lexeme (stemmed, from to_tsquery) or a query word (before stemming), maybe a prefix. */
export interface Operand {
  kind: 'operand';
  text: string;
  prefix: boolean;
}

export type QueryTree = Operand | { kind: 'and' | 'or'; children: QueryTree[] };

/**
 * A tsquery text as a tree: quoted operands ('x', with '' and \ escapes) or bare ones, `:*` for a prefix, weights
 * (ignored: names carry none), `&`, `|`, phrases `<->`/`<N>` (as `&`, see above), parentheses. `!` is never written by
 * search-spelling.ts nor produced by to_tsquery from it; it is refused rather than misread. Undefined for an empty text
 * (to_tsquery of stop words only).
 */
export function parseTsquery(text: string): QueryTree | undefined {
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`search: unreadable tsquery at ${at} (${what}): ${text}`);
  };
  const operand = (): Operand => {
    let word = '';
    if (text[at] === "'") {
      at++;
      for (;;) {
        const char = text[at];
        if (char === undefined) return fail('unclosed quote');
        if (char === '\\') {
          word += text[at + 1] ?? '';
          at += 2;
        } else if (char === "'" && text[at + 1] === "'") {
          word += "'";
          at += 2;
        } else if (char === "'") {
          at++;
          break;
        } else {
          word += char;
          at++;
        }
      }
    } else {
      while (at < text.length && !/[\s&|!():<>']/.test(text[at] ?? '')) word += text[at++] ?? '';
      if (word === '') fail('operand expected');
    }
    let prefix = false;
    if (text[at] === ':') {
      at++;
      while (at < text.length && /[*A-Da-d]/.test(text[at] ?? '')) if (text[at++] === '*') prefix = true;
    }
    return { kind: 'operand', text: word, prefix };
  };
  const primary = (): QueryTree => {
    skip();
    if (text[at] === '(') {
      at++;
      const inner = or();
      skip();
      if (text[at] !== ')') fail('")" expected');
      at++;
      return inner;
    }
    if (text[at] === '!') fail('negation');
    return operand();
  };
  const phrase = (): QueryTree => {
    const parts = [primary()];
    for (;;) {
      skip();
      const match = /^<(-|\d+)>/.exec(text.slice(at));
      if (!match) break;
      at += match[0].length;
      parts.push(primary());
    }
    return parts.length === 1 && parts[0] ? parts[0] : { kind: 'and', children: parts };
  };
  const and = (): QueryTree => {
    const parts = [phrase()];
    for (skip(); text[at] === '&'; skip()) {
      at++;
      parts.push(phrase());
    }
    return parts.length === 1 && parts[0] ? parts[0] : { kind: 'and', children: parts };
  };
  const or = (): QueryTree => {
    const parts = [and()];
    for (skip(); text[at] === '|'; skip()) {
      at++;
      parts.push(and());
    }
    return parts.length === 1 && parts[0] ? parts[0] : { kind: 'or', children: parts };
  };
  skip();
  if (at >= text.length) return undefined;
  const tree = or();
  skip();
  if (at < text.length) fail('end expected');
  return tree;
}

/** Every operand of a tree, in order. */
export function operands(tree: QueryTree): Operand[] {
  return tree.kind === 'operand' ? [tree] : tree.children.flatMap(operands);
}

/** An operand as the to_tsquery text of it alone, quoted as search-spelling.ts quotes: the key of its stemmed form. */
export function operandText(operand: Operand): string {
  return `'${operand.text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${operand.prefix ? ':*' : ''}`;
}

/**
 * The tree with every query word replaced by to_tsquery's reading of it (`forms`: operand text → its parsed output,
 * undefined for a stop word), dropped where it has none, as to_tsquery drops stop words: an `&` or `|` keeps what is
 * left, and is gone when nothing is. Undefined when nothing is left (such a query matches nothing).
 */
export function stemmed(tree: QueryTree, forms: ReadonlyMap<string, QueryTree | undefined>): QueryTree | undefined {
  if (tree.kind === 'operand') {
    const key = operandText(tree);
    if (!forms.has(key)) throw new Error(`search: no stemmed form of ${key}`);
    return forms.get(key);
  }
  const children = tree.children.map((child) => stemmed(child, forms)).filter((child): child is QueryTree => child !== undefined);
  if (children.length === 0) return undefined;
  return children.length === 1 && children[0] ? children[0] : { kind: tree.kind, children };
}

/** Whether a name with these lexemes matches the stemmed tree (`name_vector @@ query`). */
export function matches(tree: QueryTree, lexemes: readonly string[]): boolean {
  switch (tree.kind) {
    case 'operand':
      return tree.prefix ? lexemes.some((lexeme) => lexeme.startsWith(tree.text)) : lexemes.includes(tree.text);
    case 'and':
      return tree.children.every((child) => matches(child, lexemes));
    case 'or':
      return tree.children.some((child) => matches(child, lexemes));
  }
}
