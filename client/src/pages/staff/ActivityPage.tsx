import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityPage as Page } from '#protocol';
import { useView } from '../../sync/view.ts';
import { JOB_KIND, visibleActivity } from './activity-noise.ts';
import { activitySummary } from './activity-summary.ts';
import { fetchActivity } from './staff-api.ts';
import './staff.css';

const KINDS = ['table', 'order', 'product', 'staff', 'role', 'security', 'settings', JOB_KIND] as const;

/** A calendar day on this device, YYYY-MM-DD ("sv" writes dates that way). */
const dayOf = (d: Date) => d.toLocaleDateString('sv');

type Filters = { staffId: string; deviceId: string; type: string; from: string; to: string };

/** Who did what, when, from which device (not in SPEC.md: /pages/staff/activity), for owner and manager. */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const [filters, setFilters] = useState<Filters>(() => ({ staffId: '', deviceId: '', type: '', from: dayOf(new Date(Date.now() - 6 * 86_400_000)), to: dayOf(new Date()) }));
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  useEffect(() => {
    let live = true;
    void fetchActivity(filters).then((r) => {
      if (!live) return;
      if (r.ok) {
        setPage(r.body);
        setError('');
      } else setError(t(`errors.${r.code}`));
    });
    return () => {
      live = false;
    };
  }, [filters, t]);

  const staff = Object.values(state?.staff ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  // The job runner's own records (start, finish…) only when the filter asks for jobs: they would bury what people did.
  const { shown, hidden } = visibleActivity(page?.entries ?? [], filters.type);
  return (
    <div className="activity-page" data-testid="activity-page">
      <h1>{t('staffAdmin.activity.title')}</h1>
      <div className="activity-filters">
        <label className="field">
          <span>{t('staffAdmin.activity.staff')}</span>
          <select value={filters.staffId} onChange={(e) => set({ staffId: e.target.value })}>
            <option value="">{t('staffAdmin.activity.all')}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.code} · {s.name}
              </option>
            ))}
            <option value="hub">{t('staffAdmin.activity.hub')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('staffAdmin.activity.device')}</span>
          <select value={filters.deviceId} onChange={(e) => set({ deviceId: e.target.value })}>
            <option value="">{t('staffAdmin.activity.all')}</option>
            {Object.entries(page?.devices ?? {}).map(([id, label]) => (
              <option key={id} value={id}>
                {label} ({id.slice(0, 8)})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('staffAdmin.activity.type')}</span>
          <select value={filters.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">{t('staffAdmin.activity.all')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`staffAdmin.activity.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('staffAdmin.activity.from')}</span>
          <input type="date" value={filters.from} max={filters.to} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="field">
          <span>{t('staffAdmin.activity.to')}</span>
          <input type="date" value={filters.to} min={filters.from} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </div>
      {error && <p className="field-error">{error}</p>}
      {page && shown.length === 0 && <p className="empty">{t('staffAdmin.activity.empty')}</p>}
      <ul className="activity-list">
        {page && shown.map((e) => (
          <li key={e.seq} className="activity-row" data-testid="activity-row">
            <time className="hint">{new Date(e.at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}</time>
            <span className="activity-who">
              <b>{e.staffId ? (state?.staff[e.staffId]?.name ?? e.staffId) : t('staffAdmin.activity.hub')}</b>
              {e.approvedBy && <span data-testid="activity-approved-by">{t('staffAdmin.activity.approvedBy', { name: state?.staff[e.approvedBy]?.name ?? e.approvedBy })}</span>}
              <small className="hint"> · {page.devices[e.deviceId] ?? e.deviceId.slice(0, 12)}</small>
            </span>
            <span className="activity-what">
              {t(`staffAdmin.types.${e.type}`, { defaultValue: e.type })}
              {state && <small className="hint"> {activitySummary(e, state, (no) => t('pay.billNo', { no }), i18n.language)}</small>}
            </span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="hint" data-testid="activity-runner-hidden">
          {t('staffAdmin.activity.runnerHidden', { count: hidden })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => set({ type: JOB_KIND })}>
            {t('staffAdmin.activity.showRunner')}
          </button>
        </p>
      )}
      {page?.truncated && <p className="hint">{t('staffAdmin.activity.truncated')}</p>}
    </div>
  );
}
