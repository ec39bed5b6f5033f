import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CommandType } from '#protocol';
import { COMMAND_ALIAS, INTERNAL } from '#protocol';
import { useAliases, useCanSend } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ParkedLinks } from '../dinner/ParkedLinks.tsx';

/** The table operations, each with the command whose alias gates it. */
export const TABLE_OPS = [
  ['queue', 'queue.take'],
  ['openMany', 'table.openMany'],
  ['change', 'table.change'],
  ['merge', 'table.merge'],
  ['copy', 'order.copyTo'],
  ['split', 'order.moveLines'],
  ['clear', 'table.clear'],
] as const satisfies readonly (readonly [string, CommandType])[];
export type TableOp = (typeof TABLE_OPS)[number][0];

function OpButton(props: { op: TableOp; type: CommandType; onPick: (op: TableOp) => void }) {
  const { t } = useTranslation();
  // Hidden, not greyed, when the role lacks the alias (the hub refuses it anyway).
  if (!useCanSend(props.type)) return null;
  return (
    <button className="btn" onClick={() => props.onPick(props.op)} data-testid={`op-${props.op}`}>
      {t(`ops.${props.op}`)}
    </button>
  );
}

/** Pages reached from the table screen (SPEC.md section 2: pending orders, reservations), each gated by its commands' alias. */
const TABLE_PAGES = [
  ['pending', PATHS.pending, 'pending.hangUp'],
  ['book', PATHS.book, 'reservation.create'],
] as const satisfies readonly (readonly [string, string, CommandType])[];

function PageLink(props: { name: (typeof TABLE_PAGES)[number][0]; path: string; type: CommandType }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  if (!useCanSend(props.type)) return null;
  return (
    <button className="btn" onClick={() => navigate(props.path)} data-testid={`page-${props.name}`}>
      {t(`ops.pages.${props.name}`)}
    </button>
  );
}

/** The footer's table operations menu: queue calling, batch opening, change, merge, copy, share/split, clear; and the pending orders and reservations pages. */
export function TableOpsMenu(props: { onPick: (op: TableOp) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('ops.title')}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      <div className="ops-list">
        {TABLE_OPS.map(([op, type]) => (
          <OpButton key={op} op={op} type={type} onPick={props.onPick} />
        ))}
        {TABLE_PAGES.map(([name, path, type]) => (
          <PageLink key={name} name={name} path={path} type={type} />
        ))}
      </div>
      {/* "Add to a pending order" (/pending_add) straight from the map, gated like /pending. */}
      <ParkedLinks withNew className="ops-list ops-parked" />
    </Dialog>
  );
}

/** Whether this person may use at least one table operation or page of the menu (the footer's button shows only then). */
export function useAnyTableOp(): boolean {
  const aliases = useAliases();
  return [...TABLE_OPS, ...TABLE_PAGES.map(([name, , type]) => [name, type] as const)].some(([, type]) => {
    const gate = COMMAND_ALIAS[type];
    return gate !== INTERNAL && aliases.has(gate);
  });
}
