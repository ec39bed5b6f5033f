import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alias, Role, State } from '#protocol';
import { ACTION_ALIASES, ALIASES, MENU_ALIASES, OWNER_ROLE } from '#protocol';
import { roleLimits } from '#domain';
import { errorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { roleName, sendNow, sortedRoles } from './staff-api.ts';

/** One role's aliases as two groups of checkboxes, and its limits; the owner role shows as fixed. */
function RoleEditor(props: { role: Role; state: State }) {
  const { t } = useTranslation();
  const { role } = props;
  const [aliases, setAliases] = useState<ReadonlySet<Alias>>(new Set(role.aliases));
  // Absent limits read as the preset's (hub/domain/approval.ts); a save always stores them.
  const [discount, setDiscount] = useState(String(roleLimits(props.state, role.id).discountPercent));
  const [name, setName] = useState(role.name);
  const [error, setError] = useState('');
  const fixed = role.id === OWNER_ROLE;
  const toggle = (a: Alias) =>
    setAliases((prev) => {
      const next = new Set(prev);
      if (next.has(a)) next.delete(a);
      else next.add(a);
      return next;
    });
  const save = async () => {
    const percent = Number(discount);
    if (!/^\d{1,2}$/.test(discount.trim()) || percent > 99) return setError(`${t('errors.INCORRECT_INPUT')}: ${t('staffAdmin.discountLimit')}`);
    const sent = await sendNow('role.save', { id: role.id, name: name.trim(), aliases: [...aliases], limits: { discountPercent: percent } });
    if (sent.kind === 'refused') setError(errorText(t, sent.code));
    else {
      setError('');
      showToast(t('staffAdmin.saved'));
    }
  };
  const group = (title: string, list: readonly Alias[]) => (
    <fieldset className="alias-group">
      <legend>{title}</legend>
      {list.map((a) => (
        <label key={a} className="check">
          <input type="checkbox" checked={fixed || aliases.has(a)} disabled={fixed} onChange={() => toggle(a)} data-testid={`alias-${role.id}-${a}`} />
          {t(`staffAdmin.aliases.${a}`)}
        </label>
      ))}
    </fieldset>
  );
  return (
    <details className="role" data-testid={`role-${role.id}`}>
      <summary>
        <b>{roleName(t, role, role.id)}</b> <span className="hint">{fixed ? t('staffAdmin.ownerAll') : `${aliases.size}/${ALIASES.length}`}</span>
      </summary>
      {!role.id.match(/^(owner|manager|cashier|waiter|kitchen|rider)$/) && (
        <label className="field">
          <span>{t('staffAdmin.roleName')}</span>
          <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      {group(t('staffAdmin.menuAliases'), MENU_ALIASES)}
      {group(t('staffAdmin.actionAliases'), ACTION_ALIASES)}
      <fieldset className="role-limits">
        <legend>{t('staffAdmin.limits')}</legend>
        <label className="field">
          <span>{t('staffAdmin.discountLimit')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            value={fixed ? '99' : discount}
            disabled={fixed}
            onChange={(e) => setDiscount(e.target.value)}
            data-testid={`limit-discount-${role.id}`}
          />
        </label>
        <p className="hint">{t('staffAdmin.limitsHint')}</p>
      </fieldset>
      {error && <p className="field-error">{error}</p>}
      {!fixed && (
        <button className="btn btn-primary" onClick={() => void save()} data-testid={`role-save-${role.id}`}>
          {t('staffAdmin.saveRole')}
        </button>
      )}
    </details>
  );
}

/** The owner edits what each role may use (SPEC.md section 6: access per menu alias). */
export function RolesPanel(props: { state: State }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Role[]>([]);
  const roles = [...sortedRoles(props.state.roles), ...created.filter((c) => !props.state.roles[c.id])];
  return (
    <section className="panel">
      <h2>{t('staffAdmin.roles')}</h2>
      <p className="hint">{t('staffAdmin.rolesHint')}</p>
      {roles.map((r) => (
        <RoleEditor key={r.id} role={r} state={props.state} />
      ))}
      <button className="btn" onClick={() => setCreated((c) => [...c, { id: `role-${uuid().slice(0, 8)}`, name: t('staffAdmin.newRole'), aliases: ['M001'] }])}>
        + {t('staffAdmin.newRole')}
      </button>
    </section>
  );
}
