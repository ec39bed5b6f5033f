import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every page but sign-in, each in its own file loaded when first opened: the
 * sign-in page's first load stays small (a phone on a busy Wi-Fi), and a
 * waiter's phone never downloads the goods or staff pages it cannot open.
 * The build precompresses each piece (client/vite.config.ts).
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  let ready: { default: ComponentType } | null = null;
  let loading: Promise<unknown> | null = null;
  const preload = (): Promise<unknown> =>
    (loading ??= load().then(
      (m) => (ready = { default: pick(m) }),
      (err: unknown) => {
        loading = null; // a file that failed to arrive (Wi-Fi) is asked for again next time
        throw err;
      },
    ));
  // Once the file is here, a thenable that answers at once: React.lazy then renders the page in the
  // same frame instead of showing "loading" (and React holds a shown fallback for at least 300 ms).
  const Page = lazy(() => (ready ? { then: (done: (m: { default: ComponentType }) => void) => done(ready!) } : preload().then(() => ready!)) as Promise<{ default: ComponentType }>);
  return Object.assign(Page, { preload });
}

/** A page loaded on first use, whose file can also be fetched ahead (main.tsx: the page the address opens). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export const SetupPage = page(() => import('./pages/setup/SetupPage.tsx'), (m) => m.SetupPage);
export const TablesPage = page(() => import('./pages/tables/TablesPage.tsx'), (m) => m.TablesPage);
export const DinnerPage = page(() => import('./pages/dinner/DinnerPage.tsx'), (m) => m.DinnerPage);
export const PendingPage = page(() => import('./pages/dinner/PendingPage.tsx'), (m) => m.PendingPage);
export const PendingAddPage = page(() => import('./pages/dinner/PendingAddPage.tsx'), (m) => m.PendingAddPage);
export const PaymentPage = page(() => import('./pages/payment/PaymentPage.tsx'), (m) => m.PaymentPage);
export const SettlementPage = page(() => import('./pages/payment/SettlementPage.tsx'), (m) => m.SettlementPage);
export const GoodsPage = page(() => import('./pages/goods/GoodsPage.tsx'), (m) => m.GoodsPage);
export const StaffPage = page(() => import('./pages/staff/StaffPage.tsx'), (m) => m.StaffPage);
export const ActivityPage = page(() => import('./pages/staff/ActivityPage.tsx'), (m) => m.ActivityPage);
export const JobsPage = page(() => import('./pages/jobs/JobsPage.tsx'), (m) => m.JobsPage);
export const FloorPage = page(() => import('./pages/floor/FloorPage.tsx'), (m) => m.FloorPage);
export const PrintersPage = page(() => import('./pages/printers/PrintersPage.tsx'), (m) => m.PrintersPage);
export const FiscalPage = page(() => import('./pages/fiscal/FiscalPage.tsx'), (m) => m.FiscalPage);
export const DocumentsPage = page(() => import('./pages/fiscal/documents/DocumentsPage.tsx'), (m) => m.DocumentsPage);
export const ExportsPage = page(() => import('./pages/exports/ExportsPage.tsx'), (m) => m.ExportsPage);
/** The e-invoicing banner: its own file, so neither the sign-in page nor a waiter's phone downloads it. */
export const OutboxBanner = page(() => import('./pages/fiscal/OutboxBanner.tsx'), (m) => m.OutboxBanner);
/** The waiter's "ready to serve" toast (issue 18 item 14): in the frame, fetched after sign-in, never on the sign-in page. */
export const KitchenReadySignal = page(() => import('./ui/KitchenReadySignal.tsx'), (m) => m.KitchenReadySignal);
/** "There is a new order to take away!" with its chime (issue 21): in the frame of M005 devices, fetched after sign-in. */
export const NewTakeoutNotice = page(() => import('./ui/NewTakeoutNotice.tsx'), (m) => m.NewTakeoutNotice);
/** The intake API's channels and keys (owner, manager). */
export const IntakePage = page(() => import('./pages/intake/IntakePage.tsx'), (m) => m.IntakePage);
export const BackupPage = page(() => import('./pages/backup/BackupPage.tsx'), (m) => m.BackupPage);
export const BackupReminder = page(() => import('./pages/backup/BackupReminder.tsx'), (m) => m.BackupReminder);
export const UpdatePage = page(() => import('./pages/update/UpdatePage.tsx'), (m) => m.UpdatePage);
/** The box's licence (owner, manager) and the fee notice in the frame: fetched after sign-in, never on the sign-in page. */
export const LicencePage = page(() => import('./pages/licence/LicencePage.tsx'), (m) => m.LicencePage);
export const LicenceBanner = page(() => import('./pages/licence/LicenceBanner.tsx'), (m) => m.LicenceBanner);
export const KitchenDisplayPage = page(() => import('./pages/kitchen-display/KitchenDisplayPage.tsx'), (m) => m.KitchenDisplayPage);
export const ShiftPage = page(() => import('./pages/shift/ShiftPage.tsx'), (m) => m.ShiftPage);
export const TallyPage = page(() => import('./pages/tally/TallyPage.tsx'), (m) => m.TallyPage);
export const BillsPage = page(() => import('./pages/bill/BillsPage.tsx'), (m) => m.BillsPage);
export const BillDetailPage = page(() => import('./pages/bill/BillDetailPage.tsx'), (m) => m.BillDetailPage);
export const AccountPage = page(() => import('./pages/bill/account/AccountPage.tsx'), (m) => m.AccountPage);
/** The order report: its own chunk with chart.js, so nothing else downloads the charts. */
export const CollectPage = page(() => import('./pages/collect/CollectPage.tsx'), (m) => m.CollectPage);
export const BookPage = page(() => import('./pages/book/BookPage.tsx'), (m) => m.BookPage);
export const DeliveryPage = page(() => import('./pages/delivery/DeliveryPage.tsx'), (m) => m.DeliveryPage);
export const NewPhoneOrderPage = page(() => import('./pages/delivery/NewPhoneOrderPage.tsx'), (m) => m.NewPhoneOrderPage);
export const AddDishesPage = page(() => import('./pages/delivery/AddDishesPage.tsx'), (m) => m.AddDishesPage);
export const TakeoutPayPage = page(() => import('./pages/delivery/TakeoutPayPage.tsx'), (m) => m.TakeoutPayPage);
export const RiderPage = page(() => import('./pages/riders/RiderPage.tsx'), (m) => m.RiderPage);
export const RidersPage = page(() => import('./pages/riders/RidersPage.tsx'), (m) => m.RidersPage);
/** Members (M004, issue 22): directory, a member, recharge; the store's figures and days. */
export const MembersPage = page(() => import('./pages/member/MembersPage.tsx'), (m) => m.MembersPage);
export const MemberPage = page(() => import('./pages/member/MemberPage.tsx'), (m) => m.MemberPage);
export const RechargePage = page(() => import('./pages/member/RechargePage.tsx'), (m) => m.RechargePage);
export const MemberConsumePage = page(() => import('./pages/member/MerchantPages.tsx'), (m) => m.ConsumePage);
export const RechargeMerchantPage = page(() => import('./pages/member/MerchantPages.tsx'), (m) => m.RechargeMerchantPage);
export const ConsumeMerchantPage = page(() => import('./pages/member/MerchantPages.tsx'), (m) => m.ConsumeMerchantPage);
export const DetailsMerchantPage = page(() => import('./pages/member/MerchantPages.tsx'), (m) => m.DetailsMerchantPage);
/** Coupons (M004, issue 22): the store's batches and one coupon (gift, print). */
export const CouponMerchantPage = page(() => import('./pages/member/coupons/CouponMerchantPage.tsx'), (m) => m.CouponMerchantPage);
export const CouponDetailsPage = page(() => import('./pages/member/coupons/CouponDetailsPage.tsx'), (m) => m.CouponDetailsPage);
/** Take-away at the counter (SPEC.md M002): ordering, today's orders, payment, and the pickup board. */
export const CounterOrderPage = page(() => import('./pages/counter/CounterOrderPage.tsx'), (m) => m.CounterOrderPage);
export const CounterOrdersPage = page(() => import('./pages/counter/CounterOrdersPage.tsx'), (m) => m.CounterOrdersPage);
export const CounterPayPage = page(() => import('./pages/counter/CounterPayPage.tsx'), (m) => m.CounterPayPage);
export const PickupBoardPage = page(() => import('./pages/counter/PickupBoardPage.tsx'), (m) => m.PickupBoardPage);
export const ExpirePage = page(() => import('./pages/misc/ExpirePage.tsx'), (m) => m.ExpirePage);
export const DownloadPage = page(() => import('./pages/misc/DownloadPage.tsx'), (m) => m.DownloadPage);

/** Shown for the moment a page's file is on its way. */
export function PageLoading() {
  const { t } = useTranslation();
  return <p className="empty">{t('auth.loading')}</p>;
}
