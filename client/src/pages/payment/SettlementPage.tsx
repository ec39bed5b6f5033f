import { PaymentPage } from './PaymentPage.tsx';

/**
 * `/pages/dining_table/settlement` (SPEC.md's route list): the same one
 * payment screen as `/pages/dining_table/payment` (issue 18 item 11: two
 * "Cobrar" screens per bill were one too many), so older links still work.
 */
export function SettlementPage() {
  return <PaymentPage />;
}
