import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidRuc, PIN_PATTERN } from '#protocol';
import { claimHub } from '../../auth/session.ts';
import { claimCodeFromLink } from '../../auth/claim-link.ts';
import { LoginShell, refusalText } from '../login/LoginShell.tsx';
import { PrinterSearch } from './PrinterSearch.tsx';
import { RestorePanel } from './RestorePanel.tsx';

type Form = { claimCode: string; restaurantName: string; ruc: string; ownerName: string; ownerCode: string; pin: string; pinAgain: string };
const EMPTY: Form = { claimCode: '', restaurantName: '', ruc: '', ownerName: '', ownerCode: '', pin: '', pinAgain: '' };

/**
 * Claiming a new hub (not in SPEC.md: /pages/setup/index): the one-time code
 * the box showed, the restaurant, its RUC, and the owner with a PIN. The owner
 * is signed in at the end; the same rules are checked again by the hub.
 */
export function SetupPage() {
  const { t } = useTranslation();
  // Scanning the setup slip's QR fills the code in (client/src/auth/claim-link.ts).
  const [fromSlip] = useState(claimCodeFromLink);
  const [form, setForm] = useState<Form>(() => ({ ...EMPTY, claimCode: fromSlip }));
  const [error, setError] = useState<{ field: keyof Form | ''; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'new' | 'restore'>('new');
  // A restore sent: the rest of the page (the other choice, the printer search) is out of place.
  const [restoring, setRestoring] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const check = (): { field: keyof Form; text: string } | null => {
    const required = (field: keyof Form, label: string) => (form[field].trim() ? null : { field, text: `${t('errors.REQUIRED_FIELD')}: ${label}` });
    return (
      required('claimCode', t('setup.claimCode')) ??
      required('restaurantName', t('setup.restaurantName')) ??
      (form.ruc.trim() && !isValidRuc(form.ruc.trim()) ? { field: 'ruc', text: t('errors.INVALID_RUC') } : null) ??
      required('ownerName', t('setup.ownerName')) ??
      required('ownerCode', t('setup.ownerCode')) ??
      (/^\d{1,6}$/.test(form.ownerCode.trim()) ? null : { field: 'ownerCode', text: `${t('errors.INCORRECT_INPUT')}: ${t('setup.ownerCode')}` }) ??
      (PIN_PATTERN.test(form.pin) ? null : { field: 'pin', text: t('errors.PIN_FORMAT') }) ??
      (form.pin === form.pinAgain ? null : { field: 'pinAgain', text: t('setup.pinMismatch') })
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = check();
    if (bad) return setError(bad);
    setBusy(true);
    const { pinAgain: _again, ...req } = form;
    const r = await claimHub({ ...req, ruc: req.ruc.trim(), ownerCode: req.ownerCode.trim() });
    setBusy(false);
    if (!r.ok) setError({ field: (r.message as keyof Form) || '', text: refusalText(t, r.code, r.retryAfter) });
  };

  const field = (name: keyof Form, label: string, props: { type?: string; inputMode?: 'numeric' | 'text'; hint?: string; optional?: boolean; className?: string; maxLength?: number } = {}) => (
    <label className={`field ${props.className ?? ''}`}>
      <span>
        {label} {props.optional ? <small>({t('common.optional')})</small> : <em className="req">*</em>}
      </span>
      <input
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        value={form[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={error?.field === name}
        data-testid={`setup-${name}`}
      />
      {props.hint && <small className="hint">{props.hint}</small>}
      {error?.field === name && <small className="field-error">{error.text}</small>}
    </label>
  );

  return (
    <LoginShell title={t('setup.title')} testId="setup-page">
      {!restoring && <p className="hint">{t('setup.intro')}</p>}
      {!fromSlip && !restoring && <PrinterSearch />}
      {/* Beside claiming: a box replacing another comes back from the old one's backup (RestorePanel.tsx). */}
      <div className="setup-choice" role="tablist" hidden={restoring}>
        <button type="button" role="tab" aria-selected={mode === 'new'} onClick={() => setMode('new')} data-testid="setup-choose-new">
          {t('setup.chooseNew')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'restore'} onClick={() => setMode('restore')} data-testid="setup-choose-restore">
          {t('setup.chooseRestore')}
        </button>
      </div>
      {mode === 'restore' ? (
        <RestorePanel claimCode={form.claimCode} onUnderWay={setRestoring} />
      ) : (
        <form className="setup-form" onSubmit={(e) => void submit(e)}>
          {field('claimCode', t('setup.claimCode'), { className: 'claim', maxLength: 12, ...(fromSlip ? { hint: t('setup.codeFromSlip') } : {}) })}
          <h2>{t('setup.restaurant')}</h2>
          {field('restaurantName', t('setup.restaurantName'), { maxLength: 80 })}
          {field('ruc', t('setup.ruc'), { inputMode: 'numeric', hint: t('setup.rucHint'), optional: true, maxLength: 11 })}
          <h2>{t('setup.owner')}</h2>
          {field('ownerName', t('setup.ownerName'), { maxLength: 60 })}
          {field('ownerCode', t('setup.ownerCode'), { inputMode: 'numeric', hint: t('setup.ownerCodeHint'), maxLength: 6 })}
          {field('pin', t('setup.pin'), { type: 'password', inputMode: 'numeric', maxLength: 6 })}
          {field('pinAgain', t('setup.pinAgain'), { type: 'password', inputMode: 'numeric', maxLength: 6 })}
          {error && error.field === '' && (
            <p className="login-error" role="alert">
              {error.text}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="setup-submit">
            {t('setup.submit')}
          </button>
        </form>
      )}
      {!restoring && <p className="hint">{t('setup.expired')}</p>}
    </LoginShell>
  );
}
