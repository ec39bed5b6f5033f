import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, CommandReply, Debt } from '#protocol';
import { useCanSend } from '../../../auth/aliases.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { enqueue } from '../../../sync/outbox.ts';
import { useView } from '../../../sync/view.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { groupByPerson } from './account-view.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { OpenDebts } from './OpenDebts.tsx';
import { SettleDialog } from './SettleDialog.tsx';
import { WriteOffDialog } from './WriteOffDialog.tsx';
import './account.css';

type Acting = { kind: 'settle' | 'writeOff'; debt: Debt } | null;

/**
 * /pages/bill/account (M003): bills settled on account. The open debts are
 * live state (hub/domain/account), grouped by person; collecting one and
 * writing one off are decided by the hub alone, so the dialog stays open,
 * busy, until the hub answers (a write-off by a cashier first goes through
 * the manager's approval dialog). The history reads GET /api/accounts.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const canSettle = useCanSend('account.settle');
  const canWriteOff = useCanSend('account.writeOff');
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const [search, setSearch] = useState('');
  const [acting, setActing] = useState<Acting>(null);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  const answered = (reply: CommandReply, done: string) => {
    setBusy(false);
    if (!reply.ok) {
      // Nobody approved: the approval dialog was closed; the write-off dialog stays for another try.
      if (reply.code !== 'APPROVAL_REQUIRED') showToast(bodyErrorText(t, reply.code), 'error');
      if (reply.code === 'DEBT_NOT_FOUND') setActing(null);
      return;
    }
    showToast(done);
    setActing(null);
    setReload((n) => n + 1);
  };
  const settle = (payload: CommandPayload<'account.settle'>) => {
    setBusy(true);
    void enqueue('account.settle', payload, { ownsRefusal: true }).then((r) => answered(r, t('account.settled')));
  };
  const writeOff = (billId: string, reason: string) => {
    setBusy(true);
    void enqueue('account.writeOff', { billId, reason }, { ownsRefusal: true }).then((r) => answered(r, t('account.writtenOff')));
  };

  const groups = groupByPerson(Object.values(state?.accounts ?? {}), search);
  return (
    <div className="account-page" data-testid="account-page">
      <header className="account-head">
        <h1>{t('account.title')}</h1>
        <div className="account-tabs" role="tablist">
          {(['open', 'history'] as const).map((k) => (
            <button key={k} role="tab" aria-selected={tab === k} className={`btn${tab === k ? ' btn-primary' : ''}`} onClick={() => setTab(k)} data-testid={`account-tab-${k}`}>
              {t(`account.${k}`)}
            </button>
          ))}
        </div>
      </header>
      <input className="account-search" type="search" value={search} placeholder={t('account.search')} aria-label={t('account.search')} onChange={(e) => setSearch(e.target.value)} data-testid="account-search" />
      {tab === 'open' ? (
        <OpenDebts groups={groups} canSettle={canSettle} canWriteOff={canWriteOff} onSettle={(debt) => setActing({ kind: 'settle', debt })} onWriteOff={(debt) => setActing({ kind: 'writeOff', debt })} />
      ) : (
        <HistoryTab state={state} search={search} reload={reload} />
      )}
      {acting?.kind === 'settle' && <SettleDialog debt={acting.debt} busy={busy} onClose={() => setActing(null)} onSettle={settle} />}
      {acting?.kind === 'writeOff' && <WriteOffDialog debt={acting.debt} busy={busy} onClose={() => setActing(null)} onWriteOff={(reason) => writeOff(acting.debt.billId, reason)} />}
    </div>
  );
}
