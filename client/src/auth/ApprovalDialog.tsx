import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Approver } from '#protocol';
import { errorText } from '../i18n/keys.ts';
import { PinDots, PinPad } from '../pages/login/PinPad.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { showToast } from '../ui/ui-store.ts';
import { replica } from '../sync/replica.ts';
import { approvals, approve, dismissApproval, loadApprovers, startApprovals, type ApprovalAsk } from './approval.ts';
import { approvalReason, approvalSummary } from './approval-summary.ts';
import './approval.css';

/**
 * "A manager's approval is needed": shown on the device in hand when the hub
 * refused a command a manager may approve (auth/approval.ts). The manager
 * picks their name and types their PIN on the same numbered keypad as the
 * phone sign-in; the hub checks it. Mounted once for the whole app.
 */
export function ApprovalDialog() {
  const { queue } = useSnapshot(approvals);
  useEffect(() => startApprovals(), []);
  const ask = queue[0];
  // A fresh dialog (fresh PIN, fresh choice) per command waiting.
  return ask ? <ApprovalSheet key={ask.key} ask={ask} /> : null;
}

type Loaded = { state: 'loading' } | { state: 'offline' } | { state: 'ready'; approvers: Approver[] };

function ApprovalSheet(props: { ask: ApprovalAsk }) {
  const { t, i18n } = useTranslation();
  const { ask } = props;
  const { state } = useSnapshot(replica);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [chosen, setChosen] = useState<Approver | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void loadApprovers(ask.type).then((r) => {
      if (!live) return;
      if (!r.ok) return setLoaded({ state: 'offline' });
      setLoaded({ state: 'ready', approvers: r.approvers });
      // One approver only: no need to pick.
      if (r.approvers.length === 1) setChosen(r.approvers[0]!);
    });
    return () => {
      live = false;
    };
  }, [ask.type, attempt]);

  const submit = async () => {
    if (!chosen) return setError(t('approval.pickFirst'));
    if (pin.length < 4) return setError(t('errors.PIN_FORMAT'));
    setBusy(true);
    const r = await approve(ask.key, chosen.id, pin);
    setBusy(false);
    if (r.ok) return showToast(t('approval.approvedBy', { name: r.approver }));
    setPin('');
    if (r.code === 'LINK_ERROR') return setLoaded({ state: 'offline' });
    if (r.code === 'WRONG_CREDENTIALS') return setError(t('approval.wrongPin'));
    if (r.code === 'TOO_MANY_ATTEMPTS' && r.retryAfter > 0) return setError(t('approval.wait', { seconds: r.retryAfter }));
    if (r.code === 'FORBIDDEN') return setError(t('approval.notApprover'));
    setError(errorText(t, r.code));
  };

  const what = ask.gate ? t(`approval.what.${ask.gate as 'gift' | 'cancelOrder' | 'discount' | 'refund'}`) : t('approval.what.other');
  // Exactly what the manager approves: the hub accepts the token only with this payload.
  const summary = approvalSummary(t, ask.type, ask.payload, state as typeof replica.state, i18n.language);
  const reason = approvalReason(ask.payload);
  return (
    <Dialog
      title={t('approval.title')}
      onClose={() => dismissApproval(ask.key)}
      footer={
        <button className="btn" onClick={() => dismissApproval(ask.key)} data-testid="approval-cancel">
          {t('common.cancel')}
        </button>
      }
    >
      <div className="approval" data-testid="approval-dialog">
        <p className="approval-what">{t('approval.forWhat', { what })}</p>
        {summary && (
          <p className="approval-summary" data-testid="approval-summary">
            {summary}
          </p>
        )}
        {reason && <p className="hint approval-reason">{t('approval.reason', { reason })}</p>}
        {ask.limit && <p className="approval-limit">{t('approval.limit')}</p>}
        {loaded.state === 'loading' && <p className="hint">{t('approval.loading')}</p>}
        {loaded.state === 'offline' && (
          <div className="approval-offline" role="alert" data-testid="approval-offline">
            <p>{t('approval.offline')}</p>
            <button className="btn" onClick={() => (setLoaded({ state: 'loading' }), setAttempt((n) => n + 1))}>
              {t('approval.retry')}
            </button>
          </div>
        )}
        {loaded.state === 'ready' && loaded.approvers.length === 0 && <p role="alert">{t('approval.nobody')}</p>}
        {loaded.state === 'ready' && loaded.approvers.length > 0 && (
          <>
            {!chosen && <p className="hint">{t('approval.handOver')}</p>}
            <fieldset className="approval-who">
              <legend>{t('approval.who')}</legend>
              <div className="chips">
                {loaded.approvers.map((a) => (
                  <button
                    key={a.id}
                    type="button"
                    className={`chip approval-person${chosen?.id === a.id ? ' active' : ''}`}
                    aria-pressed={chosen?.id === a.id}
                    onClick={() => (setChosen(a), setPin(''), setError(''))}
                    data-testid={`approver-${a.code}`}
                  >
                    {a.name}
                  </button>
                ))}
              </div>
            </fieldset>
            {chosen && (
              <div className="approval-pin">
                <span>{t('approval.pin', { name: chosen.name })}</span>
                <PinDots length={pin.length} />
              </div>
            )}
            {error && (
              <p className="field-error" role="alert" data-testid="approval-error">
                {error}
              </p>
            )}
            <PinPad value={pin} onChange={(v) => (setError(''), setPin(v))} onSubmit={() => void submit()} maxLength={6} okLabel={t('approval.approve')} disabled={busy || !chosen} />
          </>
        )}
      </div>
    </Dialog>
  );
}
