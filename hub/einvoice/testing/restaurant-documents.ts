/**
 * Documents a restaurant produces, covering every part the builders write:
 * ICBPER, a gift, a line discount, exonerado and inafecto lines, a global
 * discount, a tip charge, sale on credit, "consumidor final", names with
 * markup characters, accents and Chinese, a credit note, a daily summary and
 * a voiding. Dated `today` because some SUNAT rules compare dates with the
 * current date. Other helpers' tests (signing, sending) may reuse them.
 */
import type { FiscalDocument, FiscalLine, SummaryDocument, VoidedDocument } from '#protocol';
import { gravadoLine, SAMPLE_ISSUER } from './homologation-documents.ts';

/** Today in Lima (UTC-5, no daylight saving): YYYY-MM-DD. */
export function limaToday(now = Date.now()): string {
  return new Date(now - 5 * 3600_000).toISOString().slice(0, 10);
}

function days(date: string, count: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** A name a cashier could type: markup characters, accents, Chinese. */
export const HOSTILE_NAME = 'Pollería "El Rey" <Niño> & Cía. 李记餐厅';
/** A dish a menu could hold: markup characters, accents, Chinese. */
export const HOSTILE_DISH = 'Ají de gallina & café <especial> ]]> 宫保鸡丁';

function line(overrides: Partial<FiscalLine> & Pick<FiscalLine, 'index'>): FiscalLine {
  return { ...gravadoLine(overrides.index, 1, 0), ...overrides };
}

/** Every document, built for `date` (YYYY-MM-DD). */
export function restaurantDocuments(date: string) {
  const stamp = date.replaceAll('-', '');
  const base = { issueDate: date, issueTime: '13:45:10', currency: 'PEN' as const, issuer: SAMPLE_ISSUER };

  /** Factura on credit: drinks, a discounted dish, a gift, an exonerado and an inafecto line, a plastic bag. */
  const factura: FiscalDocument = {
    ...base,
    type: '01',
    series: 'F001',
    number: 7,
    customer: { idType: '6', idNumber: '20100070970', name: 'Supermercados Peruanos S.A.' },
    lines: [
      gravadoLine(1, 2, 1000, 'Chicha morada'),
      line({ index: 2, description: 'Lomo saltado', unitValue: '50.00', unitPrice: '53.10', discount: { base: '50.00', amount: '5.00' }, lineExtension: '45.00', igv: '8.10' }),
      line({ index: 3, description: 'Postre de cortesía', unitValue: '8.00', unitPrice: '9.44', lineExtension: '8.00', igv: '1.44', free: true }),
      line({ index: 4, description: 'Libro de recetas', unitValue: '3.00', unitPrice: '3.00', lineExtension: '3.00', igv: '0.00', affectation: '20' }),
      line({ index: 5, description: 'Donación', unitValue: '2.00', unitPrice: '2.00', lineExtension: '2.00', igv: '0.00', affectation: '30' }),
      // SUNAT rule 3236: the bags taxed on a line are that line's quantity, so a bag is a line of its own.
      { ...gravadoLine(6, 1, 10, 'Bolsa plástica'), unitPrice: '0.62', icbper: { bags: 1, perBag: '0.50', amount: '0.50' } },
    ],
    totals: {
      taxable: '65.10', exempt: '3.00', unaffected: '2.00', free: '8.00', igv: '11.72', icbper: '0.50',
      lineExtension: '70.10', taxInclusive: '82.32', charges: '0.00', allowances: '0.00', payable: '82.32',
    },
    legends: [
      { code: '1000', text: 'OCHENTA Y DOS CON 32/100 SOLES' },
      { code: '1002', text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE' },
    ],
    paymentTerms: { kind: 'Credito', amount: '82.32', dueDate: days(date, 30) },
  };

  /** Boleta for "consumidor final" with a 10 % global discount and a tip outside the base. */
  const boleta: FiscalDocument = {
    ...base,
    type: '03',
    series: 'B001',
    number: 3,
    customer: { idType: '-', idNumber: '', name: '' },
    lines: [gravadoLine(1, 1, 10_000, 'Menú del día')],
    totals: {
      taxable: '90.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '16.20', icbper: '0.00',
      globalDiscount: { factor: '0.10000', base: '100.00', amount: '10.00' },
      lineExtension: '90.00', taxInclusive: '106.20', charges: '5.00', allowances: '0.00', payable: '111.20',
    },
    legends: [{ code: '1000', text: 'CIENTO ONCE CON 20/100 SOLES' }],
  };

  /** Factura whose buyer and dish names need escaping. */
  const escaped: FiscalDocument = {
    ...base,
    type: '01',
    series: 'F001',
    number: 8,
    customer: { idType: '6', idNumber: '20100070970', name: HOSTILE_NAME },
    lines: [gravadoLine(1, 3, 2500, HOSTILE_DISH)],
    totals: {
      taxable: '75.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '13.50', icbper: '0.00',
      lineExtension: '75.00', taxInclusive: '88.50', charges: '0.00', allowances: '0.00', payable: '88.50',
    },
    legends: [{ code: '1000', text: 'OCHENTA Y OCHO CON 50/100 SOLES' }],
    paymentTerms: { kind: 'Contado' },
  };

  /** Credit note voiding the escaped factura (cat. 09 code 01, anulación de la operación). */
  const creditNote: FiscalDocument = {
    ...escaped,
    type: '07',
    series: 'FC01',
    number: 1,
    paymentTerms: undefined,
    reference: { type: '01', series: 'F001', number: 8, reasonCode: '01', reason: 'Anulación de la operación' },
  };

  /** Credit note on a boleta for one returned dish (cat. 09 code 07, devolución por ítem), buyer with DNI. */
  const boletaCreditNote: FiscalDocument = {
    ...base,
    type: '07',
    series: 'BC01',
    number: 1,
    customer: { idType: '1', idNumber: '45678912', name: 'Rosa Quispe Mamani' },
    lines: [gravadoLine(1, 1, 2500, 'Ceviche')],
    totals: {
      taxable: '25.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '4.50', icbper: '0.00',
      lineExtension: '25.00', taxInclusive: '29.50', charges: '0.00', allowances: '0.00', payable: '29.50',
    },
    legends: [{ code: '1000', text: 'VEINTINUEVE CON 50/100 SOLES' }],
    reference: { type: '03', series: 'B001', number: 2, reasonCode: '07', reason: 'Devolución por ítem' },
  };

  const summary: SummaryDocument = {
    id: `RC-${stamp}-1`,
    referenceDate: date,
    issueDate: date,
    issuer: SAMPLE_ISSUER,
    lines: [
      {
        index: 1, type: '03', series: 'B001', number: 3, customer: { idType: '-', idNumber: '', name: '' }, status: '1',
        totals: { taxable: '90.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '16.20', icbper: '0.00', payable: '111.20', charges: '5.00' },
      },
      {
        index: 2, type: '03', series: 'B001', number: 4, customer: { idType: '1', idNumber: '45678912', name: 'Rosa Quispe Mamani' }, status: '3',
        totals: { taxable: '10.00', exempt: '3.00', unaffected: '0.00', free: '0.00', igv: '1.80', icbper: '0.50', payable: '15.30' },
      },
      {
        index: 3, type: '07', series: 'BC01', number: 1, customer: { idType: '1', idNumber: '45678912', name: 'Rosa Quispe Mamani' }, status: '1',
        totals: { taxable: '25.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '4.50', icbper: '0.00', payable: '29.50' },
        reference: { type: '03', series: 'B001', number: 2 },
      },
    ],
  };

  const voided: VoidedDocument = {
    id: `RA-${stamp}-1`,
    referenceDate: date,
    issueDate: date,
    issuer: SAMPLE_ISSUER,
    lines: [{ index: 1, type: '01', series: 'F001', number: 7, reason: `Error en el RUC del cliente & <datos> ${HOSTILE_NAME}` }],
  };

  return { factura, boleta, escaped, creditNote, boletaCreditNote, summary, voided };
}
