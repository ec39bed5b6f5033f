import type { SalesFigures } from '#protocol';

/**
 * The headline figures of an order report, one rule for the report page and
 * its workbook: the average ticket is sales over paid bills, the average per
 * person sales over the people those bills served, both rounded to the
 * céntimo (0 when there is nothing to divide by). Pure: the page imports it.
 */
export type ReportKpis = { salesCents: number; bills: number; people: number; averageTicketCents: number; averagePerPersonCents: number };

export function reportKpis(f: Pick<SalesFigures, 'salesCents' | 'bills' | 'people'>): ReportKpis {
  return {
    salesCents: f.salesCents,
    bills: f.bills,
    people: f.people,
    averageTicketCents: f.bills > 0 ? Math.round(f.salesCents / f.bills) : 0,
    averagePerPersonCents: f.people > 0 ? Math.round(f.salesCents / f.people) : 0,
  };
}
