import { useTranslation } from 'react-i18next';
import type { SalesFigures } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { reportKpis } from '#hub/reports/kpis.ts';

/** The headline figures: sales, bills, people, average ticket (sales / bills), average per person. */
export function KpiCards(props: { figures: SalesFigures }) {
  const { t } = useTranslation();
  const k = reportKpis(props.figures);
  const cards = [
    ['sales', formatSoles(k.salesCents)],
    ['bills', String(k.bills)],
    ['people', String(k.people)],
    ['averageTicket', formatSoles(k.averageTicketCents)],
    ['averagePerPerson', formatSoles(k.averagePerPersonCents)],
  ] as const;
  return (
    <dl className="collect-kpis" data-testid="collect-kpis">
      {cards.map(([key, value]) => (
        <div key={key} className="collect-kpi" data-testid={`collect-kpi-${key}`}>
          <dt>{t(`collect.kpi.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
