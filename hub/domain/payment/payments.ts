import type { BillPayment, ErrorCode, ExchangeRate, PaymentInput, SaleDocument } from '#protocol';
import { ACCOUNT_CODES, BOLETA_ID_THRESHOLD_CENTS, CASH_METHODS, isValidBuyerId, isValidRuc, MIN_BUYER_NAME, OPERATION_METHODS } from '#protocol';
import { usdToSolesCents } from '../money.ts';

/**
 * The rules a bill's payments and document must meet before it is settled.
 * Each check answers the first error code that applies, or the converted
 * payments: the caller refuses with the code and changes nothing.
 */

/** The hub's day in Lima (UTC−5 all year, no daylight saving): the day a dollar rate holds for. */
export function limaDay(nowIso: string): string {
  return new Date(Date.parse(nowIso) - 5 * 3600_000).toISOString().slice(0, 10);
}

/** A wallet's or bank's operation number: letters, digits and dashes, 4 to 30 of them. */
const OPERATION_NO = /^[A-Za-z0-9-]{4,30}$/;
/** A contact for a bill on account: a phone number, as customers' phones are written. */
const CONTACT = /^\+?\d{6,15}$/;

export type Refusal = { code: ErrorCode; field: string };

/** Each payment as the bill keeps it (soles, account code), or why one cannot be taken. */
export function toBillPayments(inputs: readonly PaymentInput[], rate: ExchangeRate | null, nowIso: string): BillPayment[] | Refusal {
  const out: BillPayment[] = [];
  for (const [i, p] of inputs.entries()) {
    const field = `payments.${i}`;
    if (p.method === 'usd') {
      if (!rate || rate.day !== limaDay(nowIso)) return { code: 'NO_EXCHANGE_RATE', field };
      out.push({ ...blank('usd'), amountCents: usdToSolesCents(p.usdCents, rate.rateMilli), usdCents: p.usdCents, rateMilli: rate.rateMilli, ...shareOf(p) });
      continue;
    }
    const operationNo = p.operationNo ?? '';
    if (OPERATION_METHODS.includes(p.method) && !OPERATION_NO.test(operationNo)) return { code: 'OPERATION_NO_REQUIRED', field };
    const person = p.person ?? '';
    const contact = p.contact ?? '';
    if (p.method === 'onAccount' && (person === '' || !CONTACT.test(contact))) return { code: 'ON_ACCOUNT_DETAILS_REQUIRED', field };
    // Only soles cash travels in a rider's pocket (hub/domain/riders/README.md).
    if (p.heldBy !== undefined && p.method !== 'cash') return { code: 'INCORRECT_INPUT', field: `${field}.heldBy` };
    out.push({
      ...blank(p.method),
      amountCents: p.amountCents,
      operationNo,
      ...(p.method === 'onAccount' ? { person, contact } : {}),
      ...(p.heldBy === undefined ? {} : { heldBy: p.heldBy }),
      ...shareOf(p),
    });
  }
  return out;
}

/** The share a payment names, kept only when it names one (a bill paid together keeps no share). */
function shareOf(p: PaymentInput): { share?: number } {
  return p.share === undefined ? {} : { share: p.share };
}

function blank(method: BillPayment['method']): BillPayment {
  return { method, accountCode: ACCOUNT_CODES[method], amountCents: 0, operationNo: '', usdCents: 0, rateMilli: 0, person: '', contact: '' };
}

/**
 * Whether the payments pay `dueCents` exactly, change coming only from cash:
 * what was paid by card, wallet, transfer or on account may not pass the
 * amount due (nobody hands change for a card), and the whole must reach it.
 */
export function paymentsRefusal(payments: readonly BillPayment[], dueCents: number): Refusal | null {
  const paid = payments.reduce((n, p) => n + p.amountCents, 0);
  const notCash = payments.filter((p) => !CASH_METHODS.includes(p.method)).reduce((n, p) => n + p.amountCents, 0);
  if (paid < dueCents) return { code: 'AMOUNT_TOO_LOW', field: 'payments' };
  if (notCash > dueCents) return { code: 'CHANGE_ONLY_FROM_CASH', field: 'payments' };
  return null;
}

/**
 * The sales document's rules (SUNAT): a boleta's buyer, when given, shows an ID of
 * catalogue 06 in its format (DNI by default) and a name; from S/ 700 the buyer must be
 * given (ID and name); a factura needs a valid RUC and the company's name. A name on an
 * identified buyer has at least 3 characters (SUNAT rule 2022 rejects shorter ones). A
 * sale note names nobody.
 */
export function documentRefusal(doc: SaleDocument, totalCents: number): Refusal | null {
  const name = doc.name.trim();
  const docId = doc.docId.trim();
  if (doc.kind === 'boleta') {
    const idType = doc.idType ?? '1';
    if (docId !== '' && !isValidBuyerId(idType, docId)) return { code: idType === '1' ? 'INVALID_DNI' : 'INVALID_BUYER_ID', field: 'document.docId' };
    if (totalCents >= BOLETA_ID_THRESHOLD_CENTS && (docId === '' || name === '')) return { code: 'BOLETA_BUYER_REQUIRED', field: 'document' };
    if (docId !== '' && name === '') return { code: 'BUYER_NAME_REQUIRED', field: 'document.name' };
    if (docId !== '' && name.length < MIN_BUYER_NAME) return { code: 'BUYER_NAME_TOO_SHORT', field: 'document.name' };
  }
  if (doc.kind === 'factura') {
    // A factura's RUC not typed yet is a missing field, not a wrong RUC (issue 18 item 16).
    if (docId === '') return { code: 'REQUIRED_FIELD', field: 'document.docId' };
    if (!isValidRuc(docId)) return { code: 'INVALID_RUC', field: 'document.docId' };
    if (name === '') return { code: 'BUYER_NAME_REQUIRED', field: 'document.name' };
    if (name.length < MIN_BUYER_NAME) return { code: 'BUYER_NAME_TOO_SHORT', field: 'document.name' };
  }
  return null;
}

/** The document as the bill keeps it: a sale note keeps no buyer. */
export function storedDocument(doc: SaleDocument): SaleDocument {
  if (doc.kind === 'note') return { kind: 'note', docId: '', name: '' };
  const { idType, ...rest } = doc;
  const kept = { ...rest, docId: doc.docId.trim(), name: doc.name.trim() };
  // A DNI is the default: only another identity type is written down.
  return doc.kind === 'boleta' && idType && idType !== '1' ? { ...kept, idType } : kept;
}
