/**
 * The take-away and delivery contract of issue 21 (the team's shared design), declared here
 * until hub/protocol/features/takeout.ts lands; then this file only re-exports the protocol's.
 */
export const TAKEOUT_STATUS = { submitted: 0, paid: 1, received: 2, riderReceived: 3, pickedUp: 4, cancelled: 6, delivered: 7, refused: 8, done: 10, closed: 11, toBePaid: 12 } as const;
export type TakeoutStatus = (typeof TAKEOUT_STATUS)[keyof typeof TAKEOUT_STATUS];
export const TAKEOUT_TYPES = ['takeaway', 'immediate', 'reservation'] as const;
export type TakeoutType = (typeof TAKEOUT_TYPES)[number];
export const DELIVERY_METHOD = { delivery: 0, pickup: 1 } as const;
export type TakeoutChannel = 'counter' | 'phone' | `web:${string}`;
export type DeliveryDetails = {
  address: string;
  reference: string;
  receiverName: string;
  receiverPhone: string;
  contactPhone: string;
  distanceM: number;
  feeCents: number;
  changeForCents: number;
};
export type Takeout = {
  id: string;
  orderId: string | null;
  billId: string | null;
  billDay: string | null;
  code: string;
  pickupCode: string;
  businessDay: string;
  channel: TakeoutChannel;
  externalId: string | null;
  type: TakeoutType;
  method: 0 | 1;
  status: TakeoutStatus;
  paid: boolean;
  customer: { name: string; phone: string };
  memberNo: string | null;
  delivery: DeliveryDetails | null;
  expectedAt: string | null;
  invoiceType: 'note' | 'boleta' | 'factura';
  riderId: string | null;
  ready: boolean;
  createdAt: string;
  createdBy: string | null;
  paidAt: string | null;
  merchantReceivedAt: string | null;
  riderReceivedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  serviceAt: string | null;
  closedAt: string | null;
  cancelReason: string;
  collectCents: number;
};
