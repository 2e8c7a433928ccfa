/**
 * A name's possessive, as the store's words give a seller one ("Fulton Fish Co.'s part"): a name ending in s takes the
 * apostrophe alone ("Hudson Street Butchers' part", never "Butchers's"; QA walk 3). One rule for every such phrase.
 */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
