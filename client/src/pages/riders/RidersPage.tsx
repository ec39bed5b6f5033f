import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { RiderAvatar } from './RiderAvatar.tsx';
import { RiderDialog, type RiderForm } from './RiderDialog.tsx';
import { riderRows, type RiderRow } from './rider-view.ts';
import './riders.css';

/**
 * /pages/staff/riders (gate `staff`, under the staff section): SPEC.md's rider fields for each
 * staff member with the rider role: avatar, name, number, level, sent count, own or freelance.
 * Who is a rider is the staff page's (the role); the counts are the hub's.
 */
export function RidersPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [editing, setEditing] = useState<RiderRow | null>(null);
  if (!state) return <p className="empty">{t('riders.loading')}</p>;
  const rows = riderRows(state);

  const save = (rider: RiderRow, form: RiderForm) => {
    setEditing(null);
    void enqueue('rider.save', { staffId: rider.staffId, avatar: { initials: form.initials, color: form.color }, number: form.number, level: form.level, kind: form.kind, phone: form.phone }).then((r) => {
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('riders.profile.saved'));
    });
  };

  return (
    <div className="riders-page" data-testid="riders-page">
      <header className="page-head">
        <h1>{t('riders.profile.title')}</h1>
        <Link href={PATHS.staff} className="btn btn-ghost">
          {t('riders.profile.back')}
        </Link>
      </header>
      {rows.length === 0 && <p className="empty">{t('riders.profile.none')}</p>}
      <ul className="riders-list">
        {rows.map((r) => (
          <li key={r.staffId}>
            <button className={`rider-row${r.disabled ? ' is-disabled' : ''}`} onClick={() => setEditing(r)} data-testid={`rider-row-${r.staffId}`}>
              <RiderAvatar profile={r} name={r.name} />
              <span className="rider-row-name">
                <b>
                  {r.number && <span className="rider-number">{r.number}</span>} {r.name}
                </b>
                <small>
                  {t(`riders.kinds.${r.kind}`)} · {t('riders.profile.level')} {r.level} · {t('riders.sent', { count: r.sentCount })}
                </small>
              </span>
              {r.heldCents > 0 && <span className="badge">{formatSoles(r.heldCents)}</span>}
            </button>
          </li>
        ))}
      </ul>
      {editing && <RiderDialog rider={editing} onClose={() => setEditing(null)} onSave={(form) => save(editing, form)} />}
    </div>
  );
}
