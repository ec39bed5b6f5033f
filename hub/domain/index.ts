export { decide } from './decide.ts';
export { apply, applyAll } from './apply.ts';
export { emptyState, statusForOrder } from './state.ts';
export * from './decision.ts';
export * from './money.ts';
