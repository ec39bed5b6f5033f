/**
 * `cac:InvoiceLine` / `cac:CreditNoteLine`: quantity, value, the reference
 * price with tax (cat. 16 code 01, or 02 for a gift), the line's discount,
 * its taxes, the item and its unit value.
 */
import type { FiscalLine } from '#protocol';
import { amount, catalogueCode } from './common.ts';
import { lineTaxTotal } from './taxes.ts';
import { el, leaf, type XmlElement } from './xml-writer.ts';

/**
 * The price SUNAT shows the buyer. A paid line: its unit price with taxes
 * (code 01). A gift: "valor referencial unitario en operaciones no onerosas"
 * (code 02), the unit value it would have had; the charged price is then 0.
 */
function pricingReference(line: FiscalLine): XmlElement {
  return el('cac:PricingReference', {},
    el('cac:AlternativeConditionPrice', {},
      amount('cbc:PriceAmount', line.free ? line.unitValue : line.unitPrice),
      catalogueCode('cbc:PriceTypeCode', line.free ? '02' : '01', '16', 'Tipo de Precio')));
}

/** A line discount (cat. 53 code 00, lowers the line's base): factor = amount / base, 5 decimals. */
function lineDiscount(discount: { base: string; amount: string }): XmlElement {
  const base = Number(discount.base);
  const factor = base === 0 ? '0' : (Number(discount.amount) / base).toFixed(5);
  return el('cac:AllowanceCharge', {},
    leaf('cbc:ChargeIndicator', 'false'),
    catalogueCode('cbc:AllowanceChargeReasonCode', '00', '53', 'Cargo/descuento'),
    leaf('cbc:MultiplierFactorNumeric', factor),
    amount('cbc:Amount', discount.amount),
    amount('cbc:BaseAmount', discount.base));
}

/** One document line; `kind` picks the element and quantity names of an invoice or a credit note. */
export function documentLine(line: FiscalLine, kind: 'invoice' | 'creditNote'): XmlElement {
  const [lineName, qtyName] = kind === 'invoice' ? ['cac:InvoiceLine', 'cbc:InvoicedQuantity'] : ['cac:CreditNoteLine', 'cbc:CreditedQuantity'];
  return el(lineName, {},
    leaf('cbc:ID', String(line.index)),
    leaf(qtyName, line.qty, { unitCode: line.unitCode, unitCodeListID: 'UN/ECE rec 20', unitCodeListAgencyName: 'United Nations Economic Commission for Europe' }),
    amount('cbc:LineExtensionAmount', line.lineExtension),
    pricingReference(line),
    line.discount && lineDiscount(line.discount),
    lineTaxTotal(line),
    el('cac:Item', {},
      leaf('cbc:Description', line.description),
      line.code !== '' && el('cac:SellersItemIdentification', {}, leaf('cbc:ID', line.code))),
    el('cac:Price', {}, amount('cbc:PriceAmount', line.free ? '0.00' : line.unitValue)));
}
