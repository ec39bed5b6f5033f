/**
 * The report arithmetic (README.md here): the sales figures of closed bills
 * and their sum over days. Hub-only: the report routes, the shift report and
 * the nightly export import it; lazily loaded pages may, the registry never.
 */
export { aggregateBills, dishKeyOf, type ReportContext } from './aggregate.ts';
export { CUSTOM_CATEGORY_ID, emptyFigures, HOUR_KEYS, WEEKDAY_KEYS } from './figures.ts';
export { mergeFigures } from './merge.ts';
export { couponBatchFigures, memberDayFigures, mergeMembersFigures, type MemberDayFigures } from './members-day.ts';
