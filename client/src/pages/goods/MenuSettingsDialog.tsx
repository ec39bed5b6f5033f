import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemarkPreset, State, Station } from '#protocol';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { Icon } from '../../ui/icons.tsx';
import { sendAndWait } from './goods-api.ts';

/** The restaurant's kitchen stations and the quick remarks every dish offers when ordering. */
export function MenuSettingsDialog(props: { state: State; onClose: () => void }) {
  const { t } = useTranslation();
  const [stations, setStations] = useState<Station[]>(props.state.menuSettings.stations);
  const [remarks, setRemarks] = useState<RemarkPreset[]>(props.state.menuSettings.remarks);
  const [error, setError] = useState('');

  const save = async () => {
    const cleanStations = stations.map((s) => ({ ...s, name: s.name.trim() })).filter((s) => s.name);
    const cleanRemarks = remarks
      .map((r) => ({ ...r, names: { es: r.names.es.trim(), en: r.names.en.trim(), zh: r.names.zh.trim() } }))
      .filter((r) => r.names.es || r.names.en || r.names.zh);
    for (const [type, payload] of [
      ['menu.saveStations', { stations: cleanStations }],
      ['menu.saveRemarks', { remarks: cleanRemarks }],
    ] as const) {
      const sent = type === 'menu.saveStations' ? await sendAndWait(type, payload as { stations: Station[] }) : await sendAndWait(type, payload as { remarks: RemarkPreset[] });
      if (sent.kind === 'refused') return setError(`${t(`errors.${sent.reply.code}`)}${sent.reply.code === 'IN_USE' && sent.reply.message ? ` (${sent.reply.message})` : ''}`);
    }
    showToast(t('goods.settings.saved'));
    props.onClose();
  };

  return (
    <Dialog
      title={t('goods.settings.title')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('common.save')} onConfirm={() => void save()} testId="settings-save" />}
    >
      <h3>{t('goods.settings.stations')}</h3>
      <p className="hint">{t('goods.settings.stationsHint')}</p>
      {stations.map((s, i) => (
        <div key={s.id} className="inline-row">
          <input
            value={s.name}
            maxLength={40}
            aria-label={t('goods.settings.stationName')}
            onChange={(e) => setStations(stations.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            data-testid={`station-${i}`}
          />
          <button className="btn btn-small" onClick={() => setStations(stations.filter((_, j) => j !== i))}>
            {t('goods.settings.remove')}
          </button>
        </div>
      ))}
      <button className="btn btn-small" onClick={() => setStations([...stations, { id: uuid(), name: '' }])} data-testid="station-add">
        + {t('goods.settings.addStation')}
      </button>
      <h3>{t('goods.settings.remarks')}</h3>
      <p className="hint">{t('goods.settings.remarksHint')}</p>
      {remarks.map((r, i) => (
        <div key={r.id} className="inline-row remark-row">
          {(['es', 'en', 'zh'] as const).map((l) => (
            <input
              key={l}
              value={r.names[l]}
              maxLength={140}
              placeholder={l}
              aria-label={l}
              onChange={(e) => setRemarks(remarks.map((x, j) => (j === i ? { ...x, names: { ...x.names, [l]: e.target.value } } : x)))}
            />
          ))}
          <button className="btn btn-small" onClick={() => setRemarks(remarks.filter((_, j) => j !== i))} aria-label={t('goods.settings.remove')}>
            <Icon name="close" />
          </button>
        </div>
      ))}
      <button className="btn btn-small" onClick={() => setRemarks([...remarks, { id: uuid(), names: { es: '', en: '', zh: '' } }])}>
        + {t('goods.settings.addRemark')}
      </button>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
