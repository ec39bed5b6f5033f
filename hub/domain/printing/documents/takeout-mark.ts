import type { DeliveryMethod, TicketLanguage } from '#protocol';

/**
 * The words a take-away or delivery order is called by on paper (issue 21), in the printer's
 * language: the kitchen reads "PARA LLEVAR 042" where a table's ticket has "Mesa 4", and the
 * guest's receipt and the rider's slip carry the same code, so the one read aloud at the counter
 * is the one on the bag.
 */
const WORDS: Record<TicketLanguage, Record<DeliveryMethod, string>> = {
  es: { 0: 'DELIVERY', 1: 'PARA LLEVAR' },
  en: { 0: 'DELIVERY', 1: 'TAKE-AWAY' },
  zh: { 0: '外卖', 1: '外带' },
};

/** "PARA LLEVAR 042" / "DELIVERY 042" (method 0 is a rider's delivery, 1 picked up at the counter). */
export function takeoutMark(method: DeliveryMethod, pickupCode: string, language: TicketLanguage): string {
  return `${WORDS[language][method]} ${pickupCode}`;
}
