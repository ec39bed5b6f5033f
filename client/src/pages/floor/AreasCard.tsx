import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area, State } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { areasInOrder, movedIds, tablesOf, textAfterRefusal } from './floor-form.ts';
import { sendSetup } from './floor-send.ts';

/** Areas: add, rename in place, move up and down, remove an empty one (the hub refuses one with tables). */
export function AreasCard(props: { state: State; selected: string; onSelect: (areaId: string) => void }) {
  const { t } = useTranslation();
  const areas = areasInOrder(props.state);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<Area | null>(null);
  const [error, setError] = useState('');

  /** Sends and shows the refusal under the list; true once the hub took it (or it is queued). */
  const send = async (reply: ReturnType<typeof sendSetup>): Promise<boolean> => {
    const r = await reply;
    if (r === null) {
      showToast(t('floor.queued'));
      return true;
    }
    if (!r.ok) {
      setError(errorText(t, r.code));
      return false;
    }
    setError('');
    return true;
  };
  const add = async () => {
    if (!name.trim()) return setError(errorText(t, 'REQUIRED_FIELD'));
    const id = uuid();
    const sort = areas.reduce((max, a) => Math.max(max, a.sort), -1) + 1;
    const typed = name.trim();
    // Cleared as soon as it is queued (the outbox keeps it), never when the hub answers:
    // the owner may already be typing the next area (first-day test: "Terraza" was wiped and never added).
    const reply = sendSetup('area.save', { id, name: typed, sort });
    setName('');
    if (await send(reply)) props.onSelect(id);
    else setName((now) => textAfterRefusal(now, typed));
  };
  const rename = async () => {
    if (!renaming) return;
    const area = props.state.areas[renaming.id];
    if (!renaming.name.trim()) return setError(errorText(t, 'REQUIRED_FIELD'));
    if (area && (await send(sendSetup('area.save', { ...area, name: renaming.name.trim() })))) setRenaming(null);
  };
  const remove = async () => {
    if (!removing) return;
    const ok = await send(sendSetup('area.remove', { areaId: removing.id }));
    setRemoving(null);
    if (ok) showToast(t('floor.saved'));
  };

  return (
    <section className="floor-card" data-testid="floor-areas">
      <h2>{t('floor.areas')}</h2>
      <p className="hint">{t('floor.areasHint')}</p>
      {areas.length === 0 && <p className="note">{t('floor.noAreas')}</p>}
      <ul className="floor-areas">
        {areas.map((a, i) => (
          <li key={a.id} className={a.id === props.selected ? 'is-selected' : ''} data-testid={`floor-area-${a.name}`}>
            {renaming?.id === a.id ? (
              <input
                className="grow"
                value={renaming.name}
                maxLength={60}
                autoFocus
                onChange={(e) => setRenaming({ id: a.id, name: e.target.value })}
                onKeyDown={(e) => e.key === 'Enter' && void rename()}
                data-testid="floor-area-rename-input"
              />
            ) : (
              <button className="floor-area-name grow" onClick={() => props.onSelect(a.id)} aria-pressed={a.id === props.selected}>
                <strong>{a.name}</strong> <small>{t('floor.tablesCount', { count: tablesOf(props.state, a.id).length })}</small>
              </button>
            )}
            <div className="floor-area-actions">
            {renaming?.id === a.id ? (
              <>
                <button className="btn btn-small btn-primary" onClick={() => void rename()} aria-label={t('common.save')} data-testid="floor-area-rename-save">
                  <Icon name="check" />
                </button>
                <button className="btn btn-small" onClick={() => setRenaming(null)} aria-label={t('common.cancel')}>
                  <Icon name="close" />
                </button>
              </>
            ) : (
              <>
                <button className="btn btn-small" onClick={() => setRenaming({ id: a.id, name: a.name })} data-testid="floor-area-rename">
                  {t('floor.rename2')}
                </button>
                <button className="btn btn-small" disabled={i === 0} onClick={() => void send(sendSetup('area.reorder', { ids: movedIds(areas, i, -1) }))} aria-label={t('floor.up')}>
                  <Icon name="arrowUp" />
                </button>
                <button className="btn btn-small" disabled={i === areas.length - 1} onClick={() => void send(sendSetup('area.reorder', { ids: movedIds(areas, i, 1) }))} aria-label={t('floor.down')}>
                  <Icon name="arrowDown" />
                </button>
                <button className="btn btn-small floor-danger" onClick={() => setRemoving(a)} aria-label={t('floor.removeArea')} data-testid="floor-area-remove">
                  <Icon name="close" />
                </button>
              </>
            )}
            </div>
          </li>
        ))}
      </ul>
      <div className="floor-inline">
        <input value={name} maxLength={60} placeholder={t('floor.newArea')} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void add()} data-testid="floor-new-area" />
        <button className="btn btn-primary" onClick={() => void add()} data-testid="floor-add-area">
          <Icon name="plus" /> {t('floor.addArea')}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="floor-areas-error">
          {error}
        </p>
      )}
      {removing && (
        <Dialog title={t('floor.removeAreaTitle', { name: removing.name })} onClose={() => setRemoving(null)} footer={<DialogActions onCancel={() => setRemoving(null)} confirmLabel={t('floor.removeArea')} onConfirm={() => void remove()} testId="floor-area-remove-confirm" danger />}>
          <p>{t('floor.removeAreaBody')}</p>
        </Dialog>
      )}
    </section>
  );
}
