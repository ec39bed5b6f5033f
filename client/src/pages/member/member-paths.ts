/** SPEC.md section 2's member routes (alias M004); the coupon pages are the coupons-ui room's. */
export const MEMBER_PATHS = {
  index: '/pages/member/index',
  details: '/pages/member/details',
  recharge: '/pages/member/recharge',
  consume: '/pages/member/consume',
  rechargeMerchant: '/pages/member/recharge_merchant',
  consumeMerchant: '/pages/member/consume_merchant',
  detailsMerchant: '/pages/member/details_merchant',
} as const;
