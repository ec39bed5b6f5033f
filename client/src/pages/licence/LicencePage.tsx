import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import type { LicenceStatus } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { dayText } from '../../ui/dates.ts';
import { showToast } from '../../ui/ui-store.ts';
import { enterLicence, fetchLicence } from './licence-api.ts';

/**
 * The box's licence (issue 23; /pages/licence/index, owners and managers:
 * gate `settings`): where it stands, the code of this box a seller signs
 * for, and the field where the owner types a code or a 2D scanner types it
 * (a scanner is a keyboard: it fills the field and presses Enter). A seller's
 * QR code may also be a link to this page with `?code=` (licence-sign.ts
 * --url): any phone's camera app opens it and the code is already in the
 * field; the owner still taps Activate. (The hub is plain http on the LAN,
 * where browsers give a page no camera, hence a link rather than a reader.)
 */
export function LicencePage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<LicenceStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [params] = useSearchParams();
  const linked = params.get('code');
  const [code, setCode] = useState(() => (linked ?? '').slice(0, 400));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchLicence().then((r) => {
      if (!live) return;
      if (r.ok) setStatus(r.body.licence);
      setFailed(!r.ok);
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = async () => {
    if (busy || code.trim() === '') return;
    setBusy(true);
    const r = await enterLicence(code);
    setBusy(false);
    if (!r.ok) return showToast(errorText(t, r.code), 'error');
    setStatus(r.body.licence);
    setCode('');
    showToast(t('licence.accepted', { day: dayText(r.body.licence.paidUntil ?? '', i18n.language) }), 'success');
  };

  const day = status?.paidUntil ? dayText(status.paidUntil, i18n.language) : '';
  const locked = status?.lockedAfter ? dayText(status.lockedAfter, i18n.language) : '';
  return (
    <div className="staff-page licence-page" data-testid="licence-page">
      <div className="page-head">
        <h1>{t('licence.title')}</h1>
      </div>
      {failed && <p className="empty">{t('licence.failedToLoad')}</p>}
      {status && (
        <section className={`panel ${status.state === 'expired' ? 'licence-expired' : ''}`} data-testid="licence-status" data-state={status.state}>
          {/* SPEC's notice and expired words are in the frame's banner above (LicenceBanner). */}
          <p>
            <strong>{t(`licence.state.${status.state}`, { day, locked })}</strong>
          </p>
          {status.plan && <p>{t(`licence.plan.${status.plan}`)}</p>}
          {status.state === 'expired' && <p className="hint">{t('licence.expiredKeeps')}</p>}
          <p className="hint">{t('licence.hubId')}</p>
          <p className="open-address" data-testid="licence-hub-id">
            {status.hubId}
          </p>
          {/* Which seller's codes this box accepts (build:binary --licence-public-key): a technician compares it with the seller's key. */}
          {status.sellerKeys && status.sellerKeys.length > 0 && (
            <>
              <p className="hint">{t('licence.sellerKey')}</p>
              <p className="open-address" data-testid="licence-seller-key">
                {status.sellerKeys.join(' · ')}
              </p>
            </>
          )}
        </section>
      )}
      <form
        className="panel"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>{t('licence.code')}</span>
          <textarea value={code} onChange={(e) => setCode(e.target.value)} rows={3} maxLength={400} autoComplete="off" spellCheck={false} data-testid="licence-code"
            onKeyDown={(e) => {
              // A scanner ends with Enter: take the code as a submit, not a new line.
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </label>
        <p className="hint">{t('licence.codeHint')}</p>
        <button type="submit" className="btn btn-primary" disabled={busy || code.trim() === ''} data-testid="licence-submit">
          {t('licence.submit')}
        </button>
        <p className="hint">{t('licence.cash')}</p>
      </form>
    </div>
  );
}
