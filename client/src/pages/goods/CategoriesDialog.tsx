import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, Names, State } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { sendAndWait } from './goods-api.ts';

/** Categories: add, rename (three languages), move up and down. */
export function CategoriesDialog(props: { state: State; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const list = Object.values(props.state.categories).sort((a, b) => a.sort - b.sort);
  const [editing, setEditing] = useState<Category | null>(null);
  const [error, setError] = useState('');
  const counts = new Map<string, number>();
  for (const p of Object.values(props.state.products)) counts.set(p.categoryId, (counts.get(p.categoryId) ?? 0) + 1);

  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void enqueue('category.reorder', { ids });
  };
  const save = async () => {
    if (!editing) return;
    const names: Names = { es: editing.names.es.trim(), en: editing.names.en.trim(), zh: editing.names.zh.trim() };
    if (!names.es && !names.en && !names.zh) return setError(t('goods.invalid.name'));
    const sent = await sendAndWait('category.save', { ...editing, names });
    if (sent.kind === 'refused') return setError(t(`errors.${sent.reply.code}`));
    setEditing(null);
    setError('');
  };

  return (
    <Dialog
      title={t('goods.cats.title')}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.close')}
        </button>
      }
    >
      <ul className="cat-list">
        {list.map((c, i) => (
          <li key={c.id} data-testid={`cat-${c.id}`}>
            <span className="grow">
              {nameIn(c.names, i18n.language)} <small className="hint">{t('goods.cats.products', { count: counts.get(c.id) ?? 0 })}</small>
            </span>
            <button className="btn btn-small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('goods.cats.up')}>
              ↑
            </button>
            <button className="btn btn-small" disabled={i === list.length - 1} onClick={() => move(i, 1)} aria-label={t('goods.cats.down')}>
              ↓
            </button>
            <button className="btn btn-small" onClick={() => setEditing(c)}>
              {t('goods.cats.edit')}
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <fieldset className="field names cat-editor">
          <legend>{t('goods.cats.editing')}</legend>
          {(['es', 'en', 'zh'] as const).map((l) => (
            <input
              key={l}
              value={editing.names[l]}
              maxLength={140}
              placeholder={t(`goods.form.name${l === 'es' ? 'Es' : l === 'en' ? 'En' : 'Zh'}`)}
              onChange={(e) => setEditing({ ...editing, names: { ...editing.names, [l]: e.target.value } })}
              data-testid={`cat-name-${l}`}
            />
          ))}
          {error && <p className="field-error">{error}</p>}
          <div className="row-buttons">
            <DialogActions onCancel={() => setEditing(null)} confirmLabel={t('common.save')} onConfirm={() => void save()} testId="cat-save" />
          </div>
        </fieldset>
      ) : (
        <button
          className="btn"
          onClick={() => setEditing({ id: uuid(), names: { es: '', en: '', zh: '' }, sort: list.length ? list[list.length - 1]!.sort + 1 : 0 })}
          data-testid="cat-add"
        >
          + {t('goods.cats.add')}
        </button>
      )}
    </Dialog>
  );
}
