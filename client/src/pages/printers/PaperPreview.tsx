import qrcode from 'qrcode-generator';
import { useTranslation } from 'react-i18next';
import type { PrintDocument } from '#protocol';
import { paperColumns, paperLines, type PaperLine } from './paper-lines.ts';

/**
 * A document drawn as the paper would look: a monospace line per printed
 * line at the paper's width (32 or 48 characters), double width and height
 * drawn by scaling, bold, white-on-black markers, real QR codes and the cut.
 * The same document the printer receives (the print job's), so what the
 * virtual printer shows is what a real one would have printed.
 */
export function PaperPreview(props: { document: PrintDocument; paper: 58 | 80; testId?: string }) {
  const lines = paperLines(props.document, props.paper);
  return (
    <div className="paper" style={{ width: `calc(${paperColumns(props.paper)}ch + 24px)` }} data-testid={props.testId}>
      {lines.map((line, i) => (
        <Line key={i} line={line} />
      ))}
    </div>
  );
}

function Line(props: { line: PaperLine }) {
  const { t } = useTranslation();
  const { line } = props;
  if (line.kind === 'cut') return <div className="paper-cut" aria-label={t('printers.preview.cut')} />;
  if (line.kind === 'qr') {
    return (
      <div className={`paper-qr paper-qr-${line.align}`}>
        <QrCode data={line.data} />
        <span className="paper-qr-data">{line.data}</span>
      </div>
    );
  }
  const wide = line.size === 'wide' || line.size === 'large';
  const tall = line.size === 'tall' || line.size === 'large';
  return (
    <div className={`paper-line${tall ? ' paper-tall' : ''}`}>
      <span
        className={`paper-text${line.bold ? ' paper-bold' : ''}${line.invert ? ' paper-invert' : ''}`}
        style={wide || tall ? { transform: `scale(${wide ? 2 : 1}, ${tall ? 2 : 1})` } : undefined}
      >
        {line.text}
      </span>
    </div>
  );
}

/**
 * The QR code drawn for real (the same library and UTF-8 bytes hardware/
 * uses for printers without a QR command), so a phone can scan the setup
 * slip's code straight off the screen.
 */
function QrCode(props: { data: string }) {
  const { t } = useTranslation();
  const code = qrcode(0, 'M');
  code.addData(String.fromCharCode(...new TextEncoder().encode(props.data)), 'Byte');
  code.make();
  const n = code.getModuleCount();
  let d = '';
  for (let row = 0; row < n; row += 1) for (let col = 0; col < n; col += 1) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  return (
    <svg className="paper-qr-mark" viewBox={`-4 -4 ${n + 8} ${n + 8}`} role="img" aria-label={t('printers.preview.qrAlt', { data: props.data })} shapeRendering="crispEdges">
      <rect x={-4} y={-4} width={n + 8} height={n + 8} fill="#fff" />
      <path d={d} fill="#111" />
    </svg>
  );
}
