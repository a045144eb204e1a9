// The charts of the page and of --svg: Vega-Lite specifications compiled and rendered to SVG in
// Node (docs/insights.md says why), each with its numbers as a table. vega and vega-lite are
// heavy: this module is loaded only when a page or SVGs are asked for.
import type { TopLevelSpec } from 'vega-lite';
import type { InsightsFigures } from './figures.js';
import { formatCount, formatMoney } from './format.js';
import type { InsightsReport } from './report.js';

/** Cities beyond this many are summed into one "(other cities)" bar. */
const MAX_CITY_BARS = 20;

interface ChartTable {
  columns: string[];
  /** Cells as shown; numbers right-aligned by the page. */
  rows: string[][];
}

export interface Chart {
  /** File-name-safe id (the --svg file is `<id>.svg`). */
  id: string;
  title: string;
  spec: TopLevelSpec;
  table: ChartTable;
}

export interface RenderedChart extends Chart {
  svg: string;
}

const WIDTH = 640;
const BAR_STEP = 22;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const COLOR = '#3465a4';

const CONFIG = {
  font: FONT,
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e5e5e5' },
  bar: { color: COLOR },
  line: { color: COLOR, strokeWidth: 2 },
  point: { color: COLOR },
};

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'question';
}

/** One bar per row, longest first, labels on the left. */
function horizontalBars(values: { label: string; value: number }[], valueTitle: string, labelTitle: string): TopLevelSpec {
  return {
    width: WIDTH - 200,
    height: { step: BAR_STEP },
    config: CONFIG,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: { field: 'value', order: 'descending' }, title: labelTitle, axis: { labelLimit: 180 } },
      x: { field: 'value', type: 'quantitative', title: valueTitle },
    },
  };
}

function dayAxis(): Record<string, unknown> {
  return { field: 'date', type: 'temporal', timeUnit: 'utcyearmonthdate', title: 'day', axis: { format: '%d %b', labelAngle: 0 } };
}

function citiesShown(figures: InsightsFigures): { label: string; value: number }[] {
  const named = figures.cities.slice(0, MAX_CITY_BARS).map((city) => ({ label: city.city || '(none)', value: city.orders }));
  const rest = figures.cities.slice(MAX_CITY_BARS).reduce((sum, city) => sum + city.orders, 0);
  return rest > 0 ? [...named, { label: '(other cities)', value: rest }] : named;
}

/** Every chart of the report, in page order. */
export function chartsOf(report: InsightsReport): Chart[] {
  const { figures, currency } = report;
  const money = (value: number): string => formatMoney(value, currency);
  const revenueTitle = currency === null ? 'revenue' : `revenue (${currency})`;
  let runningOrders = 0;
  let runningRevenue = 0;
  const cumulative = figures.daily.map((day) => {
    runningOrders += day.orders;
    runningRevenue += day.revenue;
    return { date: day.date, orders: runningOrders, revenue: Math.round(runningRevenue * 100) / 100 };
  });
  const charts: Chart[] = [
    {
      id: 'sales-per-day',
      title: 'Orders per day',
      spec: {
        width: WIDTH,
        height: 220,
        config: CONFIG,
        data: { values: figures.daily.map((day) => ({ date: day.date, orders: day.orders })) },
        mark: { type: 'bar' },
        encoding: { x: dayAxis(), y: { field: 'orders', type: 'quantitative', title: 'orders' } },
      } as TopLevelSpec,
      table: {
        columns: ['day', 'orders', 'attendees', 'revenue'],
        rows: figures.daily.map((day) => [day.date, formatCount(day.orders), formatCount(day.attendees), money(day.revenue)]),
      },
    },
    {
      id: 'cumulative-sales',
      title: 'Cumulative revenue',
      spec: {
        width: WIDTH,
        height: 220,
        config: CONFIG,
        data: { values: cumulative },
        mark: { type: 'line', point: true, interpolate: 'monotone' },
        encoding: { x: dayAxis(), y: { field: 'revenue', type: 'quantitative', title: revenueTitle } },
      } as TopLevelSpec,
      table: {
        columns: ['day', 'orders so far', 'revenue so far'],
        rows: cumulative.map((day) => [day.date, formatCount(day.orders), money(day.revenue)]),
      },
    },
    {
      id: 'revenue-per-ticket',
      title: 'Revenue per ticket',
      spec: horizontalBars(figures.tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.revenue })), revenueTitle, 'ticket'),
      table: { columns: ['ticket', 'revenue'], rows: figures.tickets.map((ticket) => [ticket.ticket, money(ticket.revenue)]) },
    },
    {
      id: 'attendees-per-ticket',
      title: 'Attendees per ticket',
      spec: horizontalBars(figures.tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.attendees })), 'attendees', 'ticket'),
      table: { columns: ['ticket', 'attendees'], rows: figures.tickets.map((ticket) => [ticket.ticket, formatCount(ticket.attendees)]) },
    },
    {
      id: 'cities',
      title: 'Orders per city',
      spec: horizontalBars(citiesShown(figures), 'orders', 'city'),
      table: { columns: ['city', 'orders'], rows: figures.cities.map((city) => [city.city || '(none)', formatCount(city.orders)]) },
    },
  ];
  const used = new Set(charts.map((chart) => chart.id));
  for (const question of figures.questions) {
    if (question.answers === null) continue;
    let id = `question-${slug(question.question)}`;
    while (used.has(id)) id = `${id}-2`;
    used.add(id);
    charts.push({
      id,
      title: question.question,
      spec: horizontalBars(question.answers.map((answer) => ({ label: answer.answer, value: answer.attendees })), 'attendees', 'answer'),
      table: { columns: ['answer', 'attendees'], rows: question.answers.map((answer) => [answer.answer, formatCount(answer.attendees)]) },
    });
  }
  return charts;
}

/** Renders each chart to SVG with vega (no browser, no canvas: text widths are estimated). */
export async function renderCharts(charts: readonly Chart[]): Promise<RenderedChart[]> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const rendered: RenderedChart[] = [];
  for (const chart of charts) {
    const view = new vega.View(vega.parse(vegaLite.compile(chart.spec).spec), { renderer: 'none' });
    try {
      rendered.push({ ...chart, svg: await view.toSVG() });
    } finally {
      view.finalize();
    }
  }
  return rendered;
}
