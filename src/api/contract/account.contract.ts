import { array, enums, literal, number, object, optional, refine, string, type, union, type Infer } from 'superstruct';
import { identityStatuses } from '../../rules/identity-status.ts';
import { envelope } from './envelope.ts';
import { callerFields, callerOnlyBody } from './fields.ts';

/**
 * The account settings page (spec section 3 "Account dashboard", section 7 "Dashboard"). The customer always comes
 * from the bearer token; the page's other calls are the address and card calls of address/payment.contract.ts.
 */

/** The spec's on/off flags: 1 on, 0 off. */
export const onOff = union([literal(0), literal(1)]);
export type OnOff = Infer<typeof onOff>;

/** GET or POST api/account/mydashboard */
export const dashboardBody = callerOnlyBody;

/** The spec's dashboard saved card. */
export const dashboardCard = type({
  id: number(),
  brand: string(),
  /** The last four digits. */
  card_no: string(),
  card_exp_month: number(),
  card_exp_year: number(),
});
export type DashboardCard = Infer<typeof dashboardCard>;

/**
 * The customer's identity verification (issue 11): status as src/rules/identity-status.ts derives it, and for a
 * refusal its reason in plain words ('' otherwise). Read only: asking never starts an application.
 */
export const dashboardIdentity = type({ status: enums(identityStatuses), reason: string() });
export type DashboardIdentity = Infer<typeof dashboardIdentity>;

/** name is '' for a guest account (email-only checkout); address is the primary shipping address on one line, or ''. */
export const dashboardData = type({
  name: string(),
  address: string(),
  email: string(),
  newsletter_subscription: onOff,
  notification: onOff,
  list_cards: array(dashboardCard),
  identity: dashboardIdentity,
});
export type DashboardData = Infer<typeof dashboardData>;
export const dashboardReply = envelope(dashboardData);
export type DashboardReply = Infer<typeof dashboardReply>;

/**
 * POST /api/account/preferences — ours: the spec shows the two switches but no call. Either flag or both; the reply
 * carries both as saved.
 */
export const preferencesBody = refine(
  object({
    newsletter_subscription: optional(onOff),
    notification: optional(onOff),
    ...callerFields,
  }),
  'preferences',
  (value) => value.newsletter_subscription !== undefined || value.notification !== undefined || 'Send newsletter_subscription or notification.',
);
export type PreferencesBody = Infer<typeof preferencesBody>;
export const preferencesData = type({ newsletter_subscription: onOff, notification: onOff });
export type PreferencesData = Infer<typeof preferencesData>;
export const preferencesReply = envelope(preferencesData);
export type PreferencesReply = Infer<typeof preferencesReply>;
