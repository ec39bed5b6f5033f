import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';
import { MemberDialog } from './MemberDialog.tsx';

/**
 * The member of the bill: "Socio" to attach one, or their number and name with
 * their balance (member-lookup.ts useMemberBalance) and "Quitar".
 */
export function MemberPanel(props: { order: Order; balanceCents: number | null }) {
  const { t } = useTranslation();
  const canAttach = useCanSend('order.attachMember');
  const [open, setOpen] = useState(false);
  const member = props.order.member ?? null;
  const balance = props.balanceCents;

  if (!canAttach) return null;
  return (
    <section className="member-panel" data-testid="member-panel">
      {member ? (
        <div className="member-attached">
          <span data-testid="member-attached">
            <strong>{t('pay.member.label', { no: member.no })}</strong> {member.name}
            {balance !== null && <em className="tag">{t('pay.member.balance', { amount: formatSoles(balance) })}</em>}
          </span>
          <button className="btn" onClick={() => void enqueue('order.detachMember', { orderId: props.order.id })} data-testid="member-detach">
            {t('pay.member.detach')}
          </button>
        </div>
      ) : (
        <button className="btn" onClick={() => setOpen(true)} data-testid="member-open">
          {t('pay.member.button')}
        </button>
      )}
      {open && <MemberDialog orderId={props.order.id} onClose={() => setOpen(false)} />}
    </section>
  );
}
