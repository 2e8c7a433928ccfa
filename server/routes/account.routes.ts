import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dashboardBody, preferencesBody, type DashboardReply, type PreferencesReply } from '../../src/api/contract/account.contract.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { dashboardOf, savePreferences } from '../services/accounts/account-dashboard.ts';
import { listSavedCards } from '../services/payments/payment-methods.ts';

/** The account settings page: the dashboard and the preference switches (addresses and cards have their own routes). */
export function accountRoutes({ db, payments }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /** The spec leaves the method open: both are served. */
    const myDashboard = async (request: FastifyRequest): Promise<DashboardReply> => {
      parseWith(dashboardBody, request.body ?? {});
      const caller = await requireCaller(request, db);
      const data = await dashboardOf(db, caller.customerId, () => listSavedCards(db, payments.kind, caller.customerId));
      if (!data) throw notFound('Customer not found');
      return { code: 1, data };
    };
    app.get('/api/account/mydashboard', myDashboard);
    app.post('/api/account/mydashboard', myDashboard);

    app.post('/api/account/preferences', async (request): Promise<PreferencesReply> => {
      const body = parseWith(preferencesBody, request.body);
      const caller = await requireCaller(request, db);
      const data = await savePreferences(db, caller.customerId, body);
      if (!data) throw notFound('Customer not found');
      return { code: 1, message: 'Preferences saved.', data };
    });
  };
}
