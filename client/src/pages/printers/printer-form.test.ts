import { describe, expect, it } from 'vitest';
import { printerSchema, type Printer } from '#protocol';
import { emptyForm, formFromPrinter, printerFromForm, withType, type FormErrors, type PrinterForm } from './printer-form.ts';

const STATIONS = ['st-hot', 'st-bar'];
const form = (over: Partial<PrinterForm>): PrinterForm => ({ ...emptyForm('es'), name: 'Cocina', host: '192.168.1.50', ...over });

describe('printerFromForm: the form checked field by field', () => {
  it.each<[string, Partial<PrinterForm>, FormErrors]>([
    ['no name', { name: '  ' }, { name: 'nameRequired' }],
    ['a name past 40 letters', { name: 'x'.repeat(41) }, { name: 'nameTooLong' }],
    ['no address', { host: '' }, { host: 'hostRequired' }],
    ['an address with a space', { host: '192.168.1 .50' }, { host: 'hostInvalid' }],
    ['an address with a scheme', { host: 'http://printer' }, { host: 'hostInvalid' }],
    ['an address ending in a dot', { host: 'printer.' }, { host: 'hostInvalid' }],
    ['port 0', { port: '0' }, { port: 'portInvalid' }],
    ['port past 65535', { port: '70000' }, { port: 'portInvalid' }],
    ['a port with letters', { port: '91OO' }, { port: 'portInvalid' }],
    ['a negative port', { port: '-1' }, { port: 'portInvalid' }],
    ['a USB path outside /dev/usb', { type: 'usb', usbPath: '/dev/sda' }, { usbPath: 'usbPathInvalid' }],
    ['a USB path climbing out', { type: 'usb', usbPath: '/dev/usb/lp0/../../sda' }, { usbPath: 'usbPathInvalid' }],
    ['a screen that prints receipts', { type: 'screen', receipts: true, prebills: false }, { what: 'screenOnlyStations' }],
    ['a screen with a drawer', { type: 'screen', receipts: false, prebills: false, drawer: true }, { what: 'screenOnlyStations' }],
    ['everything wrong at once', { name: '', host: '', port: 'x' }, { name: 'nameRequired', host: 'hostRequired', port: 'portInvalid' }],
  ])('%s is refused', (_why, over, errors) => {
    expect(printerFromForm(form(over), 'pr-1', STATIONS)).toEqual({ ok: false, errors });
  });

  it('a network printer: trimmed, the address in lower case, the port a number', () => {
    const r = printerFromForm(form({ name: ' Cocina ', host: ' Kitchen.LAN ', port: ' 9100 ' }), 'pr-1', STATIONS);
    expect(r.ok && r.printer.connection).toEqual({ type: 'network', host: 'kitchen.lan', port: 9100 });
    expect(r.ok && r.printer.name).toBe('Cocina');
  });

  it('a USB printer keeps only its path; virtual and screen carry no address', () => {
    const usb = printerFromForm(form({ type: 'usb', usbPath: '/dev/usb/lp0', host: 'ignored' }), 'pr-1', STATIONS);
    expect(usb.ok && usb.printer.connection).toEqual({ type: 'usb', path: '/dev/usb/lp0' });
    const virtual = printerFromForm(form({ type: 'virtual', host: '' }), 'pr-1', STATIONS);
    expect(virtual.ok && virtual.printer.connection).toEqual({ type: 'virtual' });
    const screen = printerFromForm(withType(form({ host: '' }), 'screen'), 'pr-1', STATIONS);
    expect(screen.ok && screen.printer).toMatchObject({ connection: { type: 'screen' }, receipts: false, prebills: false, drawer: false });
  });

  it('stations: only those the menu still has, each once', () => {
    const r = printerFromForm(form({ stations: ['st-bar', 'gone', 'st-bar', '__proto__'] }), 'pr-1', STATIONS);
    expect(r.ok && r.printer.stations).toEqual(['st-bar']);
  });

  it('every printer it makes passes the hub schema; a bad id is caught, not sent', () => {
    const r = printerFromForm(form({}), 'pr-1', STATIONS);
    expect(r.ok && printerSchema.parse(r.printer)).toBeTruthy();
    expect(printerFromForm(form({}), '__proto__', STATIONS).ok).toBe(false);
  });

  it('a saved printer round-trips through the form unchanged', () => {
    const saved: Printer = {
      id: 'pr-9',
      name: 'Caja',
      connection: { type: 'network', host: '10.0.0.7', port: 9101 },
      paper: 58,
      codePage: 'wpc1252',
      cjk: 'raster',
      qr: 'image',
      language: 'zh',
      receipts: true,
      prebills: false,
      stations: ['st-hot'],
      drawer: true,
    };
    expect(printerFromForm(formFromPrinter(saved), saved.id, STATIONS)).toEqual({ ok: true, printer: saved });
  });

  it('a new form: network, port 9100, 80 mm, PC858, the device language when it is a ticket language', () => {
    expect(emptyForm('zh-CN')).toMatchObject({ type: 'network', port: '9100', paper: 80, codePage: 'cp858', language: 'zh' });
    expect(emptyForm('fr').language).toBe('es');
  });

  it('switching to a screen clears receipts, pre-bills and drawer; switching back keeps the address typed', () => {
    const typed = form({ host: '10.0.0.9', drawer: true });
    const screen = withType(typed, 'screen');
    expect(screen).toMatchObject({ receipts: false, prebills: false, drawer: false, host: '10.0.0.9' });
    expect(withType(screen, 'network').host).toBe('10.0.0.9');
  });
});

describe('a new printer\'s defaults', () => {
  const real = (receipts: boolean, prebills: boolean): Printer => ({ ...emptyPrinter(), receipts, prebills });
  function emptyPrinter(): Printer {
    const r = printerFromForm(form({}), 'pr-0', STATIONS);
    if (!r.ok) throw new Error('the base form is valid');
    return r.printer;
  }
  it.each<[string, Printer[], boolean, boolean]>([
    ['the first printer prints receipts and pre-bills', [], true, true],
    ['the virtual printer does not count', [{ ...real(true, true), connection: { type: 'virtual' } }], true, true],
    ['a till printer already prints both', [real(true, true)], false, false],
    ['one prints receipts only', [real(true, false)], false, true],
  ])('%s', (_why, others, receipts, prebills) => {
    expect(emptyForm('es', others)).toMatchObject({ receipts, prebills });
  });
});
