import type { BuyerIdType } from './features/payment.ts';

/**
 * A boleta buyer's identity number as SUNAT's rules read it (ValidaExprRegBoleta-2.0.1.xsl):
 * a DNI has 8 digits (4207); a carné de extranjería, passport or diplomatic ID has 1 to 15
 * letters or digits, no space (4208). Shared by the payment rule that refuses a wrong one and
 * the tax rules that write the buyer on the document, so both read a number the same way.
 */
const FORMATS: Record<BuyerIdType, RegExp> = { '1': /^\d{8}$/, '4': /^[A-Z0-9]{1,15}$/i, '7': /^[A-Z0-9]{1,15}$/i, A: /^[A-Z0-9]{1,15}$/i };

/** True when `id` is a well-formed number of identity type `idType`; false for an unknown type (even `__proto__`). */
export function isValidBuyerId(idType: string, id: string): boolean {
  return Object.hasOwn(FORMATS, idType) && FORMATS[idType as BuyerIdType].test(id);
}
