import qrcode from 'qrcode-generator';

/** A QR code of `text` as crisp SVG (dark modules on white, a quiet zone of 2), for a phone's camera to read off a screen. */
export function QrCode(props: { text: string; label: string; testId: string; className?: string }) {
  const code = qrcode(0, 'M');
  code.addData(props.text, 'Byte');
  code.make();
  const n = code.getModuleCount();
  let d = '';
  for (let row = 0; row < n; row += 1) for (let col = 0; col < n; col += 1) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  return (
    <svg className={props.className} viewBox={`-2 -2 ${n + 4} ${n + 4}`} role="img" aria-label={props.label} shapeRendering="crispEdges" data-testid={props.testId}>
      <rect x={-2} y={-2} width={n + 4} height={n + 4} fill="#fff" />
      <path d={d} fill="#111" />
    </svg>
  );
}
