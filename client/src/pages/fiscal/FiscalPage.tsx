import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandReply, ErrorCode, FiscalSettings, Product, State } from '#protocol';
import { fiscalSettingsTemplate } from '#hub/domain/einvoice/settings.ts';
import { GENERAL_IGV_PRESET, ICBPER_PRESET, REDUCED_IGV_PRESET } from '#hub/domain/einvoice/rates.ts';
import { Link } from 'wouter';
import { errorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { SecretsOnly } from '../../auth/SecretsOnly.tsx';
import { CertificateCard } from './CertificateCard.tsx';
import { firstFiscalSettings, formOf, refusalSpot, rucFeedback, settingsOf, type FiscalForm, type RateRow } from './fiscal-form.ts';
import { RatesTable } from './RatesTable.tsx';
import { SendCard } from './SendCard.tsx';
import { DefaultDocumentCard } from './DefaultDocumentCard.tsx';
import '../staff/staff.css';
import './fiscal.css';

/** A refusal and the form block it points at. */
type Refusal = { code: ErrorCode; spot: string };

/** Sends the settings and waits a moment for the hub's answer (offline: stays queued and is delivered later). */
async function sendSettings(settings: FiscalSettings): Promise<CommandReply | null> {
  return Promise.race([enqueue('fiscal.saveSettings', settings, { ownsRefusal: true }), new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
}

/**
 * The owner's e-invoicing settings (not in SPEC.md: /pages/fiscal/index,
 * gate `settings`): who issues (RUC with its check digit as typed, names,
 * fiscal address, ubigeo, establishment), the four series, the IGV regime
 * and its dated rates, ICBPER by year, the dishes that are bags; then where
 * documents are sent and the signing certificate, both kept in the hub's
 * secret store. Saving sends `fiscal.saveSettings`; a refusal is shown next
 * to the field the hub names.
 */
export function FiscalPage() {
  const { t } = useTranslation();
  const { state } = useView();
  if (!state) return <p className="empty">{t('auth.loading')}</p>;
  // Keyed by the saved settings: a save from another device refreshes the form.
  return <FiscalEditor key={JSON.stringify(state.fiscal ?? null)} state={state} />;
}

function FiscalEditor(props: { state: State }) {
  const { t, i18n } = useTranslation();
  const saved = props.state.fiscal ?? null;
  const [form, setForm] = useState<FiscalForm>(() => formOf(saved ?? firstFiscalSettings(props.state)));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FiscalForm>) => setForm((f) => ({ ...f, ...patch }));
  const setAddress = (patch: Partial<FiscalForm['address']>) => setForm((f) => ({ ...f, address: { ...f.address, ...patch } }));
  const setSeries = (patch: Partial<FiscalForm['series']>) => setForm((f) => ({ ...f, series: { ...f.series, ...patch } }));
  const setRates = (key: keyof FiscalForm['rates'], rows: RateRow[]) => setForm((f) => ({ ...f, rates: { ...f.rates, [key]: rows } }));
  const errorAt = (spot: string): ReactNode =>
    refusal?.spot === spot ? (
      <span className="field-error" role="alert" data-testid="fiscal-error">
        {errorText(t, refusal.code)}
      </span>
    ) : null;

  const save = async () => {
    const built = settingsOf(form);
    if (!built.ok) return setRefusal({ code: 'INVALID_TAX_RATES', spot: 'rates' });
    setBusy(true);
    const reply = await sendSettings(built.settings);
    setBusy(false);
    if (reply === null) return showToast(t('fiscal.queued'));
    if (!reply.ok) return setRefusal({ code: reply.code, spot: refusalSpot(reply.message) || 'save' });
    setRefusal(null);
    showToast(t('fiscal.saved'));
  };

  const ruc = rucFeedback(form.ruc.trim());
  const text = (label: string, value: string, onChange: (v: string) => void, spot: string, extra: { hint?: string; inputMode?: 'numeric'; max?: number } = {}) => (
    <label className="field">
      {label}
      <input value={value} inputMode={extra.inputMode} maxLength={extra.max} onChange={(e) => onChange(e.target.value)} data-testid={`fiscal-${spot}`} aria-invalid={refusal?.spot === spot} />
      {extra.hint && <span className="hint">{extra.hint}</span>}
      {errorAt(spot)}
    </label>
  );
  const products = Object.values(props.state.products ?? {})
    .filter((p) => p.listed)
    .sort((a, b) => nameIn(a.names, i18n.language).localeCompare(nameIn(b.names, i18n.language)));
  const byId = new Map<string, Product>(products.map((p) => [p.id, p]));

  return (
    <div className="staff-page fiscal-page" data-testid="fiscal-page">
      <header className="page-head">
        <h1>{t('fiscal.title')}</h1>
        <Link href={PATHS.fiscalDocuments} className="btn btn-small" data-testid="fiscal-documents">
          {t('fiscalDocs.open')}
        </Link>
      </header>
      <p className="hint">{t('fiscal.hint')}</p>
      {!saved && <p className="note">{t('fiscal.notSet')}</p>}

      <section className="fiscal-card">
        <h2>{t('fiscal.who')}</h2>
        <label className="field">
          {t('fiscal.ruc')}
          <input value={form.ruc} inputMode="numeric" maxLength={11} onChange={(e) => set({ ruc: e.target.value.replace(/\D/g, '') })} data-testid="fiscal-ruc" aria-invalid={ruc === 'prefix' || ruc === 'check'} />
          {ruc === 'ok' && <span className="fiscal-ok">{t('fiscal.rucOk')}</span>}
          {(ruc === 'short' || ruc === 'prefix' || ruc === 'check') && (
            <span className={ruc === 'short' ? 'hint' : 'field-error'} data-testid="fiscal-ruc-feedback">
              {t(ruc === 'short' ? 'fiscal.rucShort' : ruc === 'prefix' ? 'fiscal.rucPrefix' : 'fiscal.rucCheck')}
            </span>
          )}
          {errorAt('ruc')}
        </label>
        {text(t('fiscal.legalName'), form.legalName, (v) => set({ legalName: v }), 'legalName', { max: 200 })}
        {text(t('fiscal.tradeName'), form.tradeName, (v) => set({ tradeName: v }), 'tradeName', { max: 200 })}
        <h3>{t('fiscal.address')}</h3>
        {text(t('fiscal.street'), form.address.street, (v) => setAddress({ street: v }), 'address.street', { max: 200 })}
        <div className="fiscal-grid">
          {text(t('fiscal.district'), form.address.district, (v) => setAddress({ district: v }), 'address.district', { max: 60 })}
          {text(t('fiscal.province'), form.address.province, (v) => setAddress({ province: v }), 'address.province', { max: 60 })}
          {text(t('fiscal.department'), form.address.department, (v) => setAddress({ department: v }), 'address.department', { max: 60 })}
          {text(t('fiscal.ubigeo'), form.address.ubigeo, (v) => setAddress({ ubigeo: v.replace(/\D/g, '') }), 'address.ubigeo', { inputMode: 'numeric', max: 6 })}
          {text(t('fiscal.establishment'), form.address.establishmentCode, (v) => setAddress({ establishmentCode: v.replace(/\D/g, '') }), 'address.establishmentCode', {
            inputMode: 'numeric',
            max: 4,
            hint: t('fiscal.establishmentHint'),
          })}
        </div>
      </section>

      <section className="fiscal-card">
        <h2>{t('fiscal.series')}</h2>
        <p className="hint">{t('fiscal.seriesHint')}</p>
        <div className="fiscal-grid fiscal-series">
          {text(t('fiscal.seriesFactura'), form.series.factura, (v) => setSeries({ factura: v.toUpperCase() }), 'series.factura', { max: 4 })}
          {text(t('fiscal.seriesBoleta'), form.series.boleta, (v) => setSeries({ boleta: v.toUpperCase() }), 'series.boleta', { max: 4 })}
          {text(t('fiscal.seriesFacturaNote'), form.series.facturaNote, (v) => setSeries({ facturaNote: v.toUpperCase() }), 'series.facturaNote', { max: 4 })}
          {text(t('fiscal.seriesBoletaNote'), form.series.boletaNote, (v) => setSeries({ boletaNote: v.toUpperCase() }), 'series.boletaNote', { max: 4 })}
        </div>
      </section>

      <section className="fiscal-card">
        <h2>{t('fiscal.regime')}</h2>
        <div className="fiscal-choices">
          {(['general', 'reduced'] as const).map((r) => (
            <label key={r} className={`fiscal-choice${form.regime === r ? ' is-on' : ''}`}>
              <input type="radio" name="fiscal-regime" checked={form.regime === r} onChange={() => set({ regime: r })} data-testid={`fiscal-regime-${r}`} />
              {t(r === 'general' ? 'fiscal.regimeGeneral' : 'fiscal.regimeReduced')}
            </label>
          ))}
        </div>
        <h3>{t('fiscal.rates')}</h3>
        <p className="hint">{t('fiscal.ratesHint')}</p>
        {errorAt('rates')}
        <div className="fiscal-rate-tables">
          {form.regime === 'general' ? (
            <RatesTable title={t('fiscal.generalRates')} unit={t('fiscal.percent')} rows={form.rates.general} onChange={(rows) => setRates('general', rows)} testId="fiscal-rates-general" />
          ) : (
            <RatesTable title={t('fiscal.reducedRates')} unit={t('fiscal.percent')} rows={form.rates.reduced} onChange={(rows) => setRates('reduced', rows)} testId="fiscal-rates-reduced" />
          )}
          <RatesTable title={t('fiscal.icbperRates')} unit={t('fiscal.perBag')} rows={form.rates.icbper} onChange={(rows) => setRates('icbper', rows)} testId="fiscal-rates-icbper" />
        </div>
        <button
          className="btn btn-small"
          onClick={() =>
            setForm((f) => ({
              ...f,
              rates: formOf({ ...fiscalSettingsTemplate(), rates: { general: [...GENERAL_IGV_PRESET], reduced: [...REDUCED_IGV_PRESET], icbper: [...ICBPER_PRESET] } }).rates,
            }))
          }
          data-testid="fiscal-preset"
        >
          {t('fiscal.preset')}
        </button>
        <h3>{t('fiscal.bags')}</h3>
        <p className="hint">{t('fiscal.bagsHint')}</p>
        <div className="chips" data-testid="fiscal-bags">
          {form.bagProductIds.length === 0 && <span className="hint">{t('fiscal.noBags')}</span>}
          {form.bagProductIds.map((id) => (
            <button key={id} className="chip active" onClick={() => set({ bagProductIds: form.bagProductIds.filter((b) => b !== id) })} aria-label={`${t('fiscal.removeRate')} ${byId.get(id) ? nameIn(byId.get(id)!.names, i18n.language) : id}`}>
              {byId.get(id) ? nameIn(byId.get(id)!.names, i18n.language) : id} ×
            </button>
          ))}
        </div>
        <label className="field">
          <select value="" onChange={(e) => e.target.value && set({ bagProductIds: [...form.bagProductIds, e.target.value] })} data-testid="fiscal-bag-pick" aria-label={t('fiscal.bags')}>
            <option value="">+ {t('fiscal.bags')}</option>
            {products
              .filter((p) => !form.bagProductIds.includes(p.id))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {nameIn(p.names, i18n.language)}
                </option>
              ))}
          </select>
          {errorAt('bagProductIds')}
        </label>
      </section>

      <div className="fiscal-save">
        {errorAt('save')}
        <button className="btn btn-primary" disabled={busy} onClick={() => void save()} data-testid="fiscal-save">
          {t('fiscal.save')}
        </button>
      </div>

      <DefaultDocumentCard state={props.state} />
      <SecretsOnly>
        <SendCard />
        <CertificateCard restaurantRuc={saved?.ruc ?? form.ruc} />
      </SecretsOnly>
    </div>
  );
}
