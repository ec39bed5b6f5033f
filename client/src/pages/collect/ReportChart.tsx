import { useEffect, useRef } from 'react';
import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { formatSoles } from '#hub/domain/money.ts';
import { wrapLabel, type ChartKind, type ViewRow } from './collect-view.ts';

/**
 * chart.js, tree-shaken: only the controllers, elements, scales and plugins
 * these charts use are registered, and this file is reached only from the
 * report page's lazily loaded chunk (never the sign-in load). Animations are
 * off: a phone draws once, and a screenshot shows the final chart.
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Distinct hues readable on white (and told apart by the legend's order in the table too). */
export const PALETTE = ['#2563eb', '#0f9d58', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#475569'];

const money = (soles: number) => formatSoles(Math.round(soles * 100));

/** The chart.js configuration of one section: amounts in soles, tooltips and the value axis as S/ with two decimals. */
export function chartConfig(kind: ChartKind, rows: readonly ViewRow[], font: string): ChartConfiguration {
  const data = rows.map((r) => r.cents / 100);
  // The whole name in the tooltip's title, whatever lines the axis broke it into.
  const tooltip = {
    callbacks: {
      title: (items: { dataIndex: number }[]) => (items[0] ? (rows[items[0].dataIndex]?.label ?? '') : ''),
      label: (ctx: { parsed: unknown; raw: unknown }) => money(Number(ctx.raw)),
    },
  };
  if (kind === 'doughnut') {
    const labels = rows.map((r) => r.label);
    return {
      type: 'doughnut',
      data: { labels, datasets: [{ data, backgroundColor: rows.map((_, i) => PALETTE[i % PALETTE.length]!) }] },
      options: { animation: false, responsive: true, maintainAspectRatio: false, font: { family: font }, plugins: { legend: { position: 'bottom', labels: { font: { family: font } } }, tooltip } } as ChartConfiguration['options'],
    };
  }
  const horizontal = kind === 'hbar';
  // Beside a horizontal bar a name may take up to 18 letters a line; under a column, 12 (a phone has ~45 px per column).
  const labels = rows.map((r) => wrapLabel(r.label, horizontal ? 18 : 12));
  // Few value ticks: S/ amounts stay level (not slanted) on a 360 px phone.
  const valueAxis = { beginAtZero: true, ticks: { font: { family: font }, maxTicksLimit: horizontal ? 4 : 6, maxRotation: 0, callback: (v: string | number) => money(Number(v)) } };
  const labelAxis = { ticks: { font: { family: font }, autoSkip: !horizontal } };
  return {
    type: kind === 'line' ? 'line' : 'bar',
    data: { labels, datasets: [{ data, backgroundColor: PALETTE[0], borderColor: PALETTE[0], borderRadius: 3, tension: 0.2 }] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: horizontal ? 'y' : 'x',
      plugins: { legend: { display: false }, tooltip },
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
    } as ChartConfiguration['options'],
  };
}

/** One chart on a canvas: made when shown, remade when its data changes, destroyed when the page leaves. */
export function ReportChart(props: { kind: ChartKind; rows: readonly ViewRow[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { kind, rows } = props;
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // The page's own font, so Chinese labels draw with the CJK font the page uses.
    const chart = new Chart(el, chartConfig(kind, rows, getComputedStyle(el).fontFamily));
    return () => chart.destroy();
  }, [kind, rows]);
  // Horizontal bars grow with their rows (and a name's extra lines), so long dish names stay readable on a phone.
  const height = kind === 'hbar' ? Math.max(160, rows.reduce((h, r) => h + 30 + 14 * Math.max(0, Math.ceil(r.label.length / 18) - 1), 0) + 50) : 240;
  return (
    <div className="collect-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={props.label} data-testid="collect-canvas" />
    </div>
  );
}
