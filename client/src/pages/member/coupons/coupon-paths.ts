/** SPEC.md section 2's coupon routes (alias M004): the store's batches and one coupon. */
export const COUPON_PATHS = {
  merchant: '/pages/member/coupon_merchant',
  details: '/pages/member/details_coupon',
} as const;

export function couponHref(code: string): string {
  return `${COUPON_PATHS.details}?code=${encodeURIComponent(code)}`;
}
