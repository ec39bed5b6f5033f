import { useTranslation } from 'react-i18next';
import type { Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { TablePicker } from './TablePicker.tsx';

/** The menu's "clear table": the tables waiting to be cleared; tapping one asks to confirm. */
export function ClearPicker(props: { tables: readonly Table[]; onPick: (table: Table) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dirty = props.tables.filter((x) => x.status === TABLE_STATUS.toClear);
  return (
    <Dialog
      title={t('ops.clear')}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      {dirty.length === 0 ? (
        <p className="hint">{t('ops.none')}</p>
      ) : (
        <TablePicker
          tables={dirty}
          chosen={[]}
          onPick={(id) => {
            const table = dirty.find((x) => x.id === id);
            if (table) props.onPick(table);
          }}
          testId="clear-pick"
        />
      )}
    </Dialog>
  );
}
