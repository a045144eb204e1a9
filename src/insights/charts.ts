// The charts of the page and of --svg: Vega-Lite specifications compiled and rendered to SVG in
// Node (docs/insights.md says why), each with its numbers as a table. vega and vega-lite are
// heavy: this module is loaded only when a page or SVGs are asked for.
import type { TopLevelSpec } from 'vega-lite';
import type { InsightsFigures } from './figures.js';
import { countOf } from '../util/count.js';
import { formatCount, formatMoney, formatShare } from './format.js';
import { NO_CITY, PAID_BY_BUYERS, type InsightsReport } from './report.js';

/** Cities beyond this many are summed into one "(other cities)" bar. */
const MAX_CITY_BARS = 20;

interface ChartTable {
  columns: string[];
  /** Cells as shown; numbers right-aligned by the page. */
  rows: string[][];
}

/** How a value axis is labelled: counts in whole numbers, shares in percent, money as is. */
type ValueKind = 'count' | 'share' | 'money';

export interface Chart {
  /** File-name-safe id (the --svg file is `<id>.svg`). */
  id: string;
  title: string;
  /** A sentence under the chart, where the chart leaves something out. */
  note?: string;
  spec: TopLevelSpec;
  table: ChartTable;
}

export interface RenderedChart extends Chart {
  svg: string;
}

/** Two charts side by side fill a wide window; the SVGs scale down on a narrow one. */
const WIDTH = 460;
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
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'question'
  );
}

/** A value axis: whole numbers only for counts (no 0.5 order), percent for shares. */
function valueScale(field: string, title: string, kind: ValueKind): Record<string, unknown> {
  if (kind === 'count') return { field, type: 'quantitative', title, axis: { format: ',d', tickMinStep: 1 } };
  if (kind === 'share') return { field, type: 'quantitative', title, axis: { format: '.0%' }, scale: { domainMin: 0, domainMax: 1 } };
  return { field, type: 'quantitative', title, axis: { format: ',.0f' } };
}

/** One bar per row, longest first, labels on the left. */
function horizontalBars(values: { label: string; value: number }[], valueTitle: string, labelTitle: string, kind: ValueKind): TopLevelSpec {
  return {
    width: WIDTH - 140,
    height: { step: BAR_STEP },
    config: CONFIG,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: { field: 'value', order: 'descending' }, title: labelTitle, axis: { labelLimit: 180 } },
      x: valueScale('value', valueTitle, kind),
    },
  } as TopLevelSpec;
}

/** Days on a time axis; a single day as one labelled bar (a time axis of one instant is empty). */
function dayAxis(days: number): Record<string, unknown> {
  if (days < 2) return { field: 'date', type: 'ordinal', title: 'day', axis: { labelAngle: 0 } };
  return { field: 'date', type: 'temporal', timeUnit: 'utcyearmonthdate', title: 'day', axis: { format: '%d %b', labelAngle: 0 } };
}

/** Cities with the most orders (the rest summed); orders without a city are not a city. */
function citiesShown(figures: InsightsFigures): { label: string; value: number }[] {
  const cities = figures.cities.filter((city) => city.city !== '');
  const named = cities.slice(0, MAX_CITY_BARS).map((city) => ({ label: city.city, value: city.orders }));
  const rest = cities.slice(MAX_CITY_BARS).reduce((sum, city) => sum + city.orders, 0);
  return rest > 0 ? [...named, { label: '(other cities)', value: rest }] : named;
}

function withoutCity(figures: InsightsFigures): number {
  return figures.cities.find((city) => city.city === '')?.orders ?? 0;
}

/** One day of sales: its orders per hour, every hour of the day on the axis. */
function hourChart(date: string, hourly: { hour: string; orders: number }[]): Chart {
  const byHour = new Map(hourly.map((entry) => [entry.hour, entry.orders]));
  const values = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')).map((hour) => ({ hour, orders: byHour.get(hour) ?? 0 }));
  return {
    id: 'sales-per-hour',
    title: `Orders per hour on ${date}`,
    spec: {
      width: WIDTH,
      height: 220,
      config: CONFIG,
      data: { values },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'hour', type: 'ordinal', title: 'hour', axis: { labelAngle: 0, values: ['00', '03', '06', '09', '12', '15', '18', '21'] } },
        y: valueScale('orders', 'orders', 'count'),
      },
    } as TopLevelSpec,
    table: { columns: ['hour', 'orders'], rows: hourly.map((entry) => [`${entry.hour}:00`, formatCount(entry.orders)]) },
  };
}

/** Each ticket's sold of on sale, when the service was read (an export has no ticket list). */
function sellThroughChart(report: InsightsReport): Chart[] {
  const tickets = report.sales?.sellThrough.tickets.filter((ticket) => ticket.share !== null) ?? [];
  if (tickets.length === 0) return [];
  return [
    {
      id: 'sell-through',
      title: 'Sell-through per ticket',
      spec: horizontalBars(
        tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.share ?? 0 })),
        'sold of on sale',
        'ticket',
        'share',
      ),
      table: {
        columns: ['ticket', 'sold', 'on sale', 'sell-through'],
        rows: tickets.map((ticket) => [ticket.ticket, formatCount(ticket.sold), formatCount(ticket.onSale), formatShare(ticket.share ?? 0)]),
      },
    },
  ];
}

/** Every chart of the report, in page order. */
export function chartsOf(report: InsightsReport): Chart[] {
  const { figures, currency } = report;
  const money = (value: number): string => formatMoney(value, currency);
  const paidTitle = currency === null ? PAID_BY_BUYERS : `${PAID_BY_BUYERS} (${currency})`;
  let runningOrders = 0;
  let runningPaid = 0;
  const cumulative = figures.daily.map((day) => {
    runningOrders += day.orders;
    runningPaid += day.revenue;
    return { date: day.date, orders: runningOrders, revenue: Math.round(runningPaid * 100) / 100 };
  });
  const days = figures.daily.length;
  const charts: Chart[] = [
    days === 1 && figures.hourly !== null
      ? hourChart(figures.daily[0].date, figures.hourly)
      : {
          id: 'sales-per-day',
          title: 'Orders per day',
          spec: {
            width: days < 2 ? { step: 80 } : WIDTH,
            height: 220,
            config: CONFIG,
            data: { values: figures.daily.map((day) => ({ date: day.date, orders: day.orders })) },
            mark: { type: 'bar' },
            encoding: { x: dayAxis(days), y: valueScale('orders', 'orders', 'count') },
          } as TopLevelSpec,
          table: {
            columns: ['day', 'orders', 'attendees', PAID_BY_BUYERS],
            rows: figures.daily.map((day) => [day.date, formatCount(day.orders), formatCount(day.attendees), money(day.revenue)]),
          },
        },
  ];
  // A running total needs two days at least; over one day it is the total above.
  if (days >= 2) {
    charts.push({
      id: 'cumulative-sales',
      title: 'Paid by buyers, running total',
      spec: {
        width: WIDTH,
        height: 220,
        config: CONFIG,
        data: { values: cumulative },
        mark: { type: 'line', point: true, interpolate: 'monotone' },
        encoding: { x: dayAxis(days), y: valueScale('revenue', paidTitle, 'money') },
      } as TopLevelSpec,
      table: {
        columns: ['day', 'orders so far', `${PAID_BY_BUYERS} so far`],
        rows: cumulative.map((day) => [day.date, formatCount(day.orders), money(day.revenue)]),
      },
    });
  }
  const noCity = withoutCity(figures);
  const cities = citiesShown(figures);
  charts.push(
    ...sellThroughChart(report),
    {
      id: 'revenue-per-ticket',
      title: 'Paid by buyers per ticket',
      spec: horizontalBars(
        figures.tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.revenue })),
        paidTitle,
        'ticket',
        'money',
      ),
      table: { columns: ['ticket', PAID_BY_BUYERS], rows: figures.tickets.map((ticket) => [ticket.ticket, money(ticket.revenue)]) },
    },
    {
      id: 'attendees-per-ticket',
      title: 'Attendees per ticket',
      spec: horizontalBars(
        figures.tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.attendees })),
        'attendees',
        'ticket',
        'count',
      ),
      table: { columns: ['ticket', 'attendees'], rows: figures.tickets.map((ticket) => [ticket.ticket, formatCount(ticket.attendees)]) },
    },
    ...(cities.length === 0
      ? []
      : [
          {
            id: 'cities',
            title: 'Orders per city',
            note: noCity === 0 ? undefined : `${countOf(noCity, 'order')} with no city given (not charted).`,
            spec: horizontalBars(cities, 'orders', 'city', 'count'),
            table: { columns: ['city', 'orders'], rows: figures.cities.map((city) => [city.city || NO_CITY, formatCount(city.orders)]) },
          },
        ]),
  );
  const used = new Set(charts.map((chart) => chart.id));
  for (const question of figures.questions) {
    if (question.answers === null) continue;
    let id = `question-${slug(question.question)}`;
    while (used.has(id)) id = `${id}-2`;
    used.add(id);
    charts.push({
      id,
      title: question.question,
      spec: horizontalBars(
        question.answers.map((answer) => ({ label: answer.answer, value: answer.attendees })),
        'attendees',
        'answer',
        'count',
      ),
      table: { columns: ['answer', 'attendees'], rows: question.answers.map((answer) => [answer.answer, formatCount(answer.attendees)]) },
    });
  }
  // No sales yet: no chart of nothing.
  return charts.filter((chart) => chart.table.rows.length > 0);
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
