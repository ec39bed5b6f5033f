import { printerSchema, type CjkMode, type CodePage, type Printer, type QrMode, type TicketLanguage } from '#protocol';

/** The connection types the form offers, in the order shown. */
export const CONNECTION_TYPES = ['network', 'usb', 'virtual', 'screen'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** The raw-TCP port nearly every network receipt printer listens on. */
export const DEFAULT_PORT = 9100;

/**
 * What the printer dialog edits: the owner's typing as typed (the port is a
 * string until saved), every connection type's fields kept side by side so
 * switching type and back loses nothing.
 */
export type PrinterForm = {
  name: string;
  type: ConnectionType;
  host: string;
  port: string;
  usbPath: string;
  paper: 58 | 80;
  codePage: CodePage;
  cjk: CjkMode;
  qr: QrMode;
  language: TicketLanguage;
  receipts: boolean;
  prebills: boolean;
  stations: string[];
  drawer: boolean;
};

/** A field the form can mark, and why (the key under `printers.form.errors`). */
export type FormErrorKey = 'nameRequired' | 'nameTooLong' | 'hostRequired' | 'hostInvalid' | 'portInvalid' | 'usbPathInvalid' | 'screenOnlyStations';
export type FormErrors = Partial<Record<'name' | 'host' | 'port' | 'usbPath' | 'what', FormErrorKey>>;

/**
 * A new printer's form: a network printer on 80 mm paper with PC858 (what
 * most Epson-compatible printers in Peru are), tickets in the device's
 * language when it is one of the ticket languages. It prints receipts and
 * pre-bills only while no other real printer does (the first printer added
 * is usually the till's; a second one, the kitchen's, would otherwise print
 * every receipt twice unless the owner noticed the boxes).
 */
export function emptyForm(language: string, others: readonly Printer[] = []): PrinterForm {
  const lang = (['es', 'en', 'zh'] as const).find((l) => language.startsWith(l)) ?? 'es';
  const real = others.filter((p) => p.connection.type === 'network' || p.connection.type === 'usb');
  return {
    name: '',
    type: 'network',
    host: '',
    port: String(DEFAULT_PORT),
    usbPath: '',
    paper: 80,
    codePage: 'cp858',
    cjk: 'gb18030',
    qr: 'native',
    language: lang,
    receipts: !real.some((p) => p.receipts),
    prebills: !real.some((p) => p.prebills),
    stations: [],
    drawer: false,
  };
}

/** A saved printer as the form shows it for editing. */
export function formFromPrinter(printer: Printer): PrinterForm {
  const c = printer.connection;
  return {
    name: printer.name,
    type: c.type,
    host: c.type === 'network' ? c.host : '',
    port: String(c.type === 'network' ? c.port : DEFAULT_PORT),
    usbPath: c.type === 'usb' ? c.path : '',
    paper: printer.paper,
    codePage: printer.codePage,
    cjk: printer.cjk,
    qr: printer.qr,
    language: printer.language,
    receipts: printer.receipts,
    prebills: printer.prebills,
    stations: [...printer.stations],
    drawer: printer.drawer,
  };
}

const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;
const USB_PATH = /^\/dev\/usb\/lp\d{1,2}$/;

/**
 * The form checked field by field, in the hub's own terms (printerSchema):
 * either the Printer to save, or the fields to mark. Kitchen stations that
 * no longer exist in the menu are dropped (a station deleted since the
 * printer was saved), so a save never carries a dangling station.
 */
export function printerFromForm(form: PrinterForm, id: string, knownStations: readonly string[]): { ok: true; printer: Printer } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > 40) errors.name = 'nameTooLong';
  const host = form.host.trim().toLowerCase();
  const port = /^\d{1,5}$/.test(form.port.trim()) ? Number(form.port.trim()) : NaN;
  const usbPath = form.usbPath.trim();
  if (form.type === 'network') {
    if (host === '') errors.host = 'hostRequired';
    else if (host.length > 253 || !HOST.test(host)) errors.host = 'hostInvalid';
    if (!(port >= 1 && port <= 65_535)) errors.port = 'portInvalid';
  }
  if (form.type === 'usb' && !USB_PATH.test(usbPath)) errors.usbPath = 'usbPathInvalid';
  // A kitchen screen has no paper and no drawer port: it shows station tickets only.
  if (form.type === 'screen' && (form.receipts || form.prebills || form.drawer)) errors.what = 'screenOnlyStations';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const connection: Printer['connection'] =
    form.type === 'network' ? { type: 'network', host, port } : form.type === 'usb' ? { type: 'usb', path: usbPath } : { type: form.type };
  const printer: Printer = {
    id,
    name,
    connection,
    paper: form.paper,
    codePage: form.codePage,
    cjk: form.cjk,
    qr: form.qr,
    language: form.language,
    receipts: form.receipts,
    prebills: form.prebills,
    stations: form.stations.filter((s, i, all) => knownStations.includes(s) && all.indexOf(s) === i),
    drawer: form.drawer,
  };
  // The hub's schema has the last word: anything it would refuse is caught here as the field nearest to it.
  const parsed = printerSchema.safeParse(printer);
  if (!parsed.success) return { ok: false, errors: schemaErrors(parsed.error.issues.map((i) => i.path.join('.'))) };
  return { ok: true, printer: parsed.data };
}

/** Switching to a kitchen screen clears what a screen cannot do; other switches keep the form as it is. */
export function withType(form: PrinterForm, type: ConnectionType): PrinterForm {
  return type === 'screen' ? { ...form, type, receipts: false, prebills: false, drawer: false } : { ...form, type };
}

/** Where the hub's schema refused something the checks above let through: the nearest field. */
function schemaErrors(paths: string[]): FormErrors {
  const first = paths[0] ?? '';
  if (first.endsWith('host')) return { host: 'hostInvalid' };
  if (first.endsWith('port')) return { port: 'portInvalid' };
  if (first.endsWith('path')) return { usbPath: 'usbPathInvalid' };
  return { name: 'nameRequired' };
}
