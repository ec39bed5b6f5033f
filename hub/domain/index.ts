export { decide } from './decide.ts';
export { apply, applyAll } from './apply.ts';
export { emptyState, statusForOrder } from './state.ts';
export { upgradeStaff } from './staff-upgrade.ts';
export { aliasesOf, canManageRole, isClaimed, permissionDenied, roleAliases } from './permissions.ts';
export { upgradeGoods } from './goods/upgrade.ts';
export * from './decision.ts';
export * from './money.ts';
