import type { Table } from '#protocol';

/** Tables as big buttons in their status colour, one of them chosen (or several with `multi`). */
export function TablePicker(props: { tables: readonly Table[]; chosen: readonly string[]; onPick: (id: string) => void; testId: string }) {
  return (
    <div className="table-picker" role="listbox" aria-multiselectable={true}>
      {props.tables.map((x) => {
        const on = props.chosen.includes(x.id);
        return (
          <button
            key={x.id}
            role="option"
            aria-selected={on}
            className={`table-pick status-${x.status}${on ? ' chosen' : ''}`}
            onClick={() => props.onPick(x.id)}
            data-testid={`${props.testId}-${x.name}`}
          >
            {x.name}
          </button>
        );
      })}
    </div>
  );
}
