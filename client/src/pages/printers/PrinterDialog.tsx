import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CJK_MODES, CODE_PAGES, QR_MODES, TICKET_LANGUAGES, type Printer, type Station } from '#protocol';
import { uuid } from '../../sync/uuid.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { fetchUsbPrinters } from './printers-api.ts';
import { CONNECTION_TYPES, emptyForm, formFromPrinter, printerFromForm, withType, type FormErrors, type PrinterForm } from './printer-form.ts';

/**
 * Add or edit a printer: name, connection (an address typed by the owner,
 * never a scan of the shop network; a USB device picked from those plugged
 * in or typed), paper, code page, Chinese and QR modes, ticket language, and
 * what it prints. `onSave` gets the checked printer; the page sends it.
 */
export function PrinterDialog(props: {
  printer: Printer | null;
  /** The other printers: a new one's defaults depend on what they already print. */
  others: readonly Printer[];
  stations: readonly Station[];
  busy: boolean;
  onSave: (printer: Printer) => void;
  onRemove: (printer: Printer) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<PrinterForm>(() => (props.printer ? formFromPrinter(props.printer) : emptyForm(i18n.language, props.others)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [id] = useState(() => props.printer?.id ?? uuid());
  const set = <K extends keyof PrinterForm>(key: K, value: PrinterForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = () => {
    const checked = printerFromForm(form, id, props.stations.map((s) => s.id));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    props.onSave(checked.printer);
  };
  const err = (field: keyof FormErrors) =>
    errors[field] && (
      <span className="field-error" data-testid={`printer-error-${field}`}>
        {t(`printers.form.errors.${errors[field]}`)}
      </span>
    );
  const screen = form.type === 'screen';

  return (
    <Dialog
      title={t(props.printer ? 'printers.form.titleEdit' : 'printers.form.titleNew')}
      onClose={props.onClose}
      wide
      footer={
        <>
          {props.printer && (
            <button className="btn printer-remove" onClick={() => props.onRemove(props.printer!)} data-testid="printer-remove">
              {t('printers.remove')}
            </button>
          )}
          <button className="btn" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button className="btn btn-primary" onClick={save} disabled={props.busy} data-testid="printer-save">
            {t('printers.save')}
          </button>
        </>
      }
    >
      <label className="field">
        {t('printers.form.name')}
        <input value={form.name} maxLength={40} placeholder={t('printers.form.namePlaceholder')} onChange={(e) => set('name', e.target.value)} data-testid="printer-name" />
        {err('name')}
      </label>
      <fieldset className="printer-fieldset">
        <legend>{t('printers.form.connection')}</legend>
        <div className="printer-choices" role="radiogroup">
          {CONNECTION_TYPES.map((type) => (
            <label key={type} className={`printer-choice${form.type === type ? ' is-on' : ''}`}>
              <input type="radio" name="printer-type" checked={form.type === type} onChange={() => setForm((f) => withType(f, type))} data-testid={`printer-type-${type}`} />
              {t(`printers.connection.${type}`)}
            </label>
          ))}
        </div>
        {form.type === 'network' && (
          <div className="printer-host">
            <label className="field">
              {t('printers.form.host')}
              <input value={form.host} inputMode="url" autoCapitalize="off" autoCorrect="off" spellCheck={false} placeholder="192.168.1.50" onChange={(e) => set('host', e.target.value)} data-testid="printer-host" />
              {err('host')}
            </label>
            <label className="field">
              {t('printers.form.port')}
              <input value={form.port} inputMode="numeric" onChange={(e) => set('port', e.target.value)} data-testid="printer-port" />
              {err('port')}
            </label>
            <p className="hint printer-host-hint">{t('printers.form.hostHint')}</p>
          </div>
        )}
        {form.type === 'usb' && <UsbField value={form.usbPath} onChange={(v) => set('usbPath', v)} error={err('usbPath')} />}
        {form.type === 'virtual' && <p className="hint">{t('printers.form.virtualHint')}</p>}
        {screen && <p className="hint">{t('printers.form.screenHint')}</p>}
      </fieldset>
      {!screen && (
        <div className="printer-grid">
          <label className="field">
            {t('printers.form.paper')}
            <select value={form.paper} onChange={(e) => set('paper', e.target.value === '58' ? 58 : 80)} data-testid="printer-paper">
              <option value={80}>{t('printers.form.paper80')}</option>
              <option value={58}>{t('printers.form.paper58')}</option>
            </select>
          </label>
          <label className="field">
            {t('printers.form.language')}
            <select value={form.language} onChange={(e) => set('language', TICKET_LANGUAGES.find((l) => l === e.target.value) ?? 'es')} data-testid="printer-language">
              {TICKET_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`printers.form.languages.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('printers.form.codePage')}
            <select value={form.codePage} onChange={(e) => set('codePage', CODE_PAGES.find((c) => c === e.target.value) ?? 'cp858')} data-testid="printer-codepage">
              {CODE_PAGES.map((c) => (
                <option key={c} value={c}>
                  {t(`printers.form.codePages.${c}`)}
                </option>
              ))}
            </select>
            <span className="hint" data-testid="printer-codepage-note">
              {t(`printers.form.codePageNotes.${form.codePage}`)}
            </span>
            <span className="hint">{t('printers.form.codePageHint')}</span>
          </label>
          <label className="field">
            {t('printers.form.cjk')}
            <select value={form.cjk} onChange={(e) => set('cjk', CJK_MODES.find((c) => c === e.target.value) ?? 'gb18030')} data-testid="printer-cjk">
              {CJK_MODES.map((c) => (
                <option key={c} value={c}>
                  {t(`printers.form.cjkModes.${c}`)}
                </option>
              ))}
            </select>
            <span className="hint">{t(`printers.form.cjkNotes.${form.cjk}`)}</span>
          </label>
          <label className="field">
            {t('printers.form.qr')}
            <select value={form.qr} onChange={(e) => set('qr', QR_MODES.find((q) => q === e.target.value) ?? 'native')} data-testid="printer-qr">
              {QR_MODES.map((q) => (
                <option key={q} value={q}>
                  {t(`printers.form.qrModes.${q}`)}
                </option>
              ))}
            </select>
            <span className="hint">{t(`printers.form.qrNotes.${form.qr}`)}</span>
          </label>
        </div>
      )}
      <fieldset className="printer-fieldset">
        <legend>{t('printers.form.what')}</legend>
        {!screen && (
          <>
            <label className="check">
              <input type="checkbox" checked={form.receipts} onChange={(e) => set('receipts', e.target.checked)} data-testid="printer-receipts" />
              {t('printers.form.receipts')}
            </label>
            <label className="check">
              <input type="checkbox" checked={form.prebills} onChange={(e) => set('prebills', e.target.checked)} data-testid="printer-prebills" />
              {t('printers.form.prebills')}
            </label>
          </>
        )}
        <div className="printer-stations">
          <span className="hint">{t('printers.form.stations')}</span>
          {props.stations.length === 0 && <p className="hint">{t('printers.form.noStations')}</p>}
          {props.stations.map((s) => (
            <label key={s.id} className="check">
              <input
                type="checkbox"
                checked={form.stations.includes(s.id)}
                onChange={(e) => set('stations', e.target.checked ? [...form.stations, s.id] : form.stations.filter((x) => x !== s.id))}
                data-testid={`printer-station-${s.id}`}
              />
              {s.name}
            </label>
          ))}
        </div>
        {!screen && (
          <label className="check">
            <input type="checkbox" checked={form.drawer} onChange={(e) => set('drawer', e.target.checked)} data-testid="printer-drawer" />
            {t('printers.form.drawer')}
          </label>
        )}
        {err('what')}
      </fieldset>
    </Dialog>
  );
}

/** The USB device: the printer-class devices plugged into the hub now, or a path typed by hand. */
function UsbField(props: { value: string; onChange: (v: string) => void; error: ReactNode }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<string[] | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void fetchUsbPrinters().then((r) => live && setFound(r.ok ? r.body.paths : []));
    return () => {
      live = false;
    };
  }, [round]);
  return (
    <div>
      {found && found.length > 0 && (
        <div className="printer-usb-found">
          <span className="hint">{t('printers.form.usbFound')}</span>
          {found.map((path) => (
            <button key={path} type="button" className={`btn btn-small${props.value === path ? ' btn-primary' : ''}`} onClick={() => props.onChange(path)} data-testid={`printer-usb-${path}`}>
              {path}
            </button>
          ))}
        </div>
      )}
      {found && found.length === 0 && <p className="hint">{t('printers.form.usbNone')}</p>}
      <div className="printer-host">
        <label className="field">
          {t('printers.form.usbPath')}
          <input value={props.value} autoCapitalize="off" spellCheck={false} placeholder="/dev/usb/lp0" onChange={(e) => props.onChange(e.target.value)} data-testid="printer-usb-path" />
          {props.error}
        </label>
        <button type="button" className="btn btn-small" onClick={() => setRound((n) => n + 1)}>
          {t('printers.form.usbRefresh')}
        </button>
      </div>
    </div>
  );
}
