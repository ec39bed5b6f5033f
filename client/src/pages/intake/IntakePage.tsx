import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/keys.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { createChannel, fetchChannels, revokeChannel, type IntakeChannelView } from './intake-api.ts';
import { HowToCall } from './HowToCall.tsx';
import { whenText } from './intake-view.ts';
import './intake.css';

/**
 * The intake API's page (not in SPEC.md, issue 21; owners and managers,
 * gate `settings`): connect a web shop or aggregator as a channel, see its
 * key once, revoke it, and show the shop's developer how to call the API
 * with this hub's own address and a dish of this menu.
 */
export function IntakePage() {
  const { t } = useTranslation();
  const [channels, setChannels] = useState<IntakeChannelView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<IntakeChannelView | null>(null);

  const [tick, setTick] = useState(0);
  const load = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    let alive = true;
    void fetchChannels().then((r) => {
      if (!alive) return;
      setFailed(!r.ok);
      if (r.ok) setChannels(r.body.channels);
    });
    return () => {
      alive = false;
    };
  }, [tick]);

  const create = async () => {
    setBusy(true);
    const r = await createChannel(name.trim());
    setBusy(false);
    if (!r.ok) return showToast(r.message === 'tooManyChannels' ? t('intake.tooMany') : errorText(t, r.code), 'error');
    setMade({ name: r.body.channel.name, key: r.body.key });
    setName('');
    load();
  };

  const revoke = async (c: IntakeChannelView) => {
    setRevoking(null);
    const r = await revokeChannel(c.id);
    if (!r.ok) return showToast(errorText(t, r.code), 'error');
    showToast(t('intake.revokedToast'));
    load();
  };

  return (
    <div className="staff-page intake-page" data-testid="intake-page">
      <div className="page-head">
        <h1>{t('intake.title')}</h1>
      </div>
      <p className="hint">{t('intake.hint')}</p>

      <section className="panel intake-new">
        <h2>{t('intake.newTitle')}</h2>
        <form
          className="intake-new-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() !== '' && !busy) void create();
          }}
        >
          <label className="field">
            {t('intake.name')}
            <input value={name} maxLength={40} placeholder={t('intake.namePlaceholder')} onChange={(e) => setName(e.target.value)} data-testid="intake-name" />
          </label>
          <button className="btn btn-primary" type="submit" disabled={name.trim() === '' || busy} data-testid="intake-create">
            {t('intake.create')}
          </button>
        </form>
      </section>

      <section className="panel">
        <h2>{t('intake.listTitle')}</h2>
        {failed && <p className="field-error">{t('intake.loadFailed')}</p>}
        {channels?.length === 0 && <p className="hint" data-testid="intake-empty">{t('intake.empty')}</p>}
        <ul className="intake-channels">
          {channels?.map((c) => (
            <ChannelRow key={c.id} channel={c} onRevoke={() => setRevoking(c)} />
          ))}
        </ul>
      </section>

      <HowToCall />

      {made && <KeyOnce name={made.name} apiKey={made.key} onDone={() => setMade(null)} />}
      {revoking && (
        <Dialog
          title={t('intake.revoke')}
          onClose={() => setRevoking(null)}
          footer={<DialogActions onCancel={() => setRevoking(null)} confirmLabel={t('intake.revoke')} onConfirm={() => void revoke(revoking)} testId="intake-revoke-confirm" danger />}
        >
          <p>{t('intake.revokeConfirm', { name: revoking.name })}</p>
        </Dialog>
      )}
    </div>
  );
}

function ChannelRow(props: { channel: IntakeChannelView; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const c = props.channel;
  return (
    <li className={`intake-channel${c.active ? '' : ' intake-channel-revoked'}`} data-testid={`intake-channel-${c.id}`}>
      <div className="intake-channel-main">
        <strong>{c.name}</strong>
        <span className={`intake-badge ${c.active ? 'intake-badge-active' : 'intake-badge-revoked'}`}>{t(c.active ? 'intake.active' : 'intake.revoked')}</span>
        <code className="intake-code">web:{c.id}</code>
        <code className="intake-code">posk_{c.keyHint}…</code>
        <span className="hint">
          {c.revokedAt ? t('intake.revokedAt', { date: whenText(c.revokedAt, i18n.language) }) : t('intake.createdAt', { date: whenText(c.createdAt, i18n.language) })}
        </span>
      </div>
      {c.active && (
        <button className="btn btn-small" onClick={props.onRevoke} data-testid={`intake-revoke-${c.id}`}>
          {t('intake.revoke')}
        </button>
      )}
    </li>
  );
}

/** The new key, shown once: copy it now (the hub keeps only its hash). */
function KeyOnce(props: { name: string; apiKey: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // The clipboard API needs a secure context (https or localhost); on the shop's plain-http address the key is selected for a long press instead.
    try {
      await navigator.clipboard.writeText(props.apiKey);
      setCopied(true);
    } catch {
      const box = document.querySelector<HTMLTextAreaElement>('[data-testid="intake-key"]');
      box?.select();
    }
  };
  return (
    <Dialog
      title={t('intake.keyTitle', { name: props.name })}
      onClose={() => undefined}
      footer={
        <>
          <button className="btn" onClick={() => void copy()} data-testid="intake-copy">
            {t(copied ? 'intake.copied' : 'intake.copy')}
          </button>
          <button className="btn btn-primary" onClick={props.onDone} data-testid="intake-key-done">
            {t('intake.done')}
          </button>
        </>
      }
    >
      <p className="field-error">{t('intake.keyOnce')}</p>
      <textarea className="intake-key" readOnly rows={2} value={props.apiKey} onFocus={(e) => e.currentTarget.select()} data-testid="intake-key" />
    </Dialog>
  );
}
