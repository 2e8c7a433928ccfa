import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PageGate } from '../layout/page-gate.tsx';
import { settingTabsMachine } from '../../machines/account/index.ts';
import { settingPath, settingTabOf, type SettingTab } from '../../rules/account-settings.ts';
import { NotFound } from '../layout/not-found.tsx';
import { AccountTab } from './account-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import * as css from './settings.css.ts';

/**
 * /setting/{settingParam}: user = Account, order = Orders; chat is never rendered and shows the Account tab under
 * /setting/user. Any other param is the 404 screen. A visitor without a token signs in first; a guest who checked out
 * by email has a token without a name and sees the account of that email (its orders, its addresses).
 */
export function SettingsPage() {
  const { settingParam } = useParams();
  const tab = settingTabOf(settingParam);
  if (!tab) return <NotFound />;
  return <PageGate page="settings">{tab === 'chat' ? <Navigate to={settingPath('user')} replace /> : <SettingTabs tab={tab} />}</PageGate>;
}

const tabLabels = [
  { tab: 'user', label: 'Account' },
  { tab: 'order', label: 'Orders' },
] as const satisfies readonly { tab: SettingTab; label: string }[];

function SettingTabs({ tab }: { tab: SettingTab }) {
  const navigate = useNavigate();
  const machine = useMemo(() => settingTabsMachine.provide({ actions: { goToTab: (_, params) => navigate(settingPath(params.tab)) } }), [navigate]);
  const actor = useActorRef(machine, { input: { tab } });
  const showing = useSelector(actor, (s) => (s.matches('orders') ? 'order' : 'user'));
  // The URL changed without a tab click (back button, the user menu's links).
  useEffect(() => actor.send({ type: 'tab.sync', tab }), [actor, tab]);

  return (
    <div className={css.page}>
      <div role="tablist" aria-label="Account settings" className={css.tabs}>
        {tabLabels.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            id={`setting-tab-${t.tab}`}
            aria-controls={`setting-panel-${t.tab}`}
            aria-selected={showing === t.tab}
            className={css.tab}
            onClick={() => actor.send({ type: 'tab.select', tab: t.tab })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`setting-panel-${showing}`} aria-labelledby={`setting-tab-${showing}`}>
        {showing === 'order' ? <OrdersTab /> : <AccountTab />}
      </div>
    </div>
  );
}
