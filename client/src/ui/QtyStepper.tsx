/** A quantity from 1 to `max`, set with − and + (the field itself is read-only). */
export function QtyStepper(props: { value: number; max: number; onChange: (update: (qty: number) => number) => void }) {
  const { max, onChange } = props;
  return (
    <div className="stepper">
      <button className="btn" onClick={() => onChange((q) => Math.max(1, q - 1))}>
        −
      </button>
      <input readOnly value={props.value} />
      <button className="btn" onClick={() => onChange((q) => Math.min(max, q + 1))}>
        +
      </button>
    </div>
  );
}
