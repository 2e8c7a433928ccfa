/**
 * One key per mailbox, for the limits an email has (a once-per-customer coupon, pay-on-delivery orders waiting,
 * sign-in failures): spelling the same mailbox another way must not buy another allowance (issue 26). Only limits
 * use it: the shopper's email is stored, shown and mailed as typed, and accounts stay keyed by email_normalized.
 *
 * The rule, and why:
 * - case and surrounding spaces do not count (no provider delivers by case);
 * - a trailing dot on the domain does not count (`example.com.` is the same DNS name as `example.com`);
 * - a `+tag` is cut from the local part at every domain: RFC 5233 sub-addressing is honoured by Gmail, Outlook,
 *   iCloud, Fastmail, Proton and most hosted mail, and where a `+` is a real character the worst outcome is that two
 *   people share a coupon and an order allowance, never an account, a mail or an order;
 * - dots in the local part are dropped only at Gmail (gmail.com, googlemail.com), the one large provider that
 *   ignores them; elsewhere `j.doe` and `jdoe` are often different people, so they keep their own allowances.
 */
const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

export function canonicalEmail(email: string): string {
  const lowered = email.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at < 0) return lowered;
  const domain = lowered.slice(at + 1).replace(/\.+$/, '');
  const plus = lowered.indexOf('+');
  // A local part that is only a tag ("+x@…") keeps it: there is nothing else to tell mailboxes apart by.
  const untagged = lowered.slice(0, plus >= 0 && plus < at ? plus : at);
  const local = untagged === '' ? lowered.slice(0, at) : untagged;
  if (gmailDomains.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
