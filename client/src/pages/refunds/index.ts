/**
 * For other pages to embed (the delivery order's detail): `<RefundPanel billId={takeout.billId} day={takeout.billDay} />`
 * once the takeout is settled. README.md here.
 */
export { RefundPanel } from './RefundPanel.tsx';
