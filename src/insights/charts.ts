// The charts of the page and of --svg: Vega-Lite specifications compiled and rendered to SVG in Node (docs/insights.md says why), each with its numbers as a
// table. vega and vega-lite are heavy: this module is loaded only when a page or SVGs are asked for.
import type { TopLevelSpec } from 'vega-lite';
import { roundMoney } from '../util/money.js';
import type { InsightsFigures } from './figures.js';
import { countOf, formatCount, formatMoney } from '../util/count.js';
import { ARRIVED, NO_CITY, PAID_BY_BUYERS, formatShare, type InsightsReport } from './report.js';

/** Cities beyond this many are summed into one "(other cities)" bar. */
const MAX_CITY_BARS = 20;

/** The cells as shown (the page right-aligns numbers). */
type ChartTable = { columns: string[]; rows: string[][] };

type ValueKind = 'count' | 'share' | 'money';

/** `id`: file-name-safe (the --svg file is `<id>.svg`); `note`: a sentence under the chart, where the chart leaves something out. */
export type Chart = { id: string; title: string; note?: string; spec: TopLevelSpec; table: ChartTable };

export type RenderedChart = Chart & { svg: string };

/** Two charts side by side fill a wide window; the SVGs scale down on a narrow one. */
const WIDTH = 460;
const BAR_STEP = 22;
const COLOR = '#3465a4';

const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e5e5e5' },
  bar: { color: COLOR },
  line: { color: COLOR, strokeWidth: 2 },
  point: { color: COLOR },
};

function slug(text: string): string {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .match(/[a-z0-9]+/g);
  return words?.join('-').slice(0, 40) || 'question';
}

/** A value axis: whole numbers only for counts (no 0.5 order), percent for shares. */
function valueScale(field: string, title: string, kind: ValueKind): Record<string, unknown> {
  if (kind === 'count') return { field, type: 'quantitative', title, axis: { format: ',d', tickMinStep: 1 } };
  if (kind === 'share') return { field, type: 'quantitative', title, axis: { format: '.0%' }, scale: { domainMin: 0, domainMax: 1 } };
  return { field, type: 'quantitative', title, axis: { format: ',.0f' } };
}

type Bar = { label: string; value: number };

/** A chart's spec: `values` drawn as `mark` by `encoding`, in the page's size, font and colours. */
function specOf(values: object[], mark: object, encoding: object, size: object = { width: WIDTH, height: 220 }): TopLevelSpec {
  return { ...size, config: CONFIG, data: { values }, mark, encoding } as TopLevelSpec;
}

/** What a bar chart's axes say; its table's value column is `column` (else the axis title), its cells `cell`. */
type BarAxes = { label: string; value: string; kind: ValueKind; column?: string; cell?: (value: number) => string };

/** One bar per row, longest first, labels on the left; the table lists the bars unless one is given. */
function barChart(id: string, title: string, bars: Bar[], axes: BarAxes, table?: ChartTable): Chart {
  const { label, value, kind, column = value, cell = formatCount } = axes;
  const encoding = {
    y: { field: 'label', type: 'nominal', sort: { field: 'value', order: 'descending' }, title: label, axis: { labelLimit: 180 } },
    x: valueScale('value', value, kind),
  };
  return {
    id,
    title,
    spec: specOf(bars, { type: 'bar' }, encoding, { width: WIDTH - 140, height: { step: BAR_STEP } }),
    table: table ?? { columns: [label, column], rows: bars.map((bar) => [bar.label, cell(bar.value)]) },
  };
}

/** Days on a time axis; a single day as one labelled bar (a time axis of one instant is empty). */
function dayAxis(days: number, dates: readonly string[] = []): Record<string, unknown> {
  if (days < 2) return { field: 'date', type: 'ordinal', title: 'day', axis: { labelAngle: 0 } };
  const axis: Record<string, unknown> = { format: '%d %b', labelAngle: 0 };
  if (dates.length > 0) axis.values = dayTicks(dates);
  return { field: 'date', type: 'temporal', timeUnit: 'utcyearmonthdate', title: 'day', axis };
}

/**
 * About six ticks, evenly apart, counted back from the last day, so that the axis is labelled to the end of the data (vega's own weekly ticks can stop up to
 * six days short of it).
 */
function dayTicks(dates: readonly string[]): number[] {
  const DAY_MS = 86_400_000;
  const first = Date.parse(`${dates[0]}T00:00:00Z`);
  const last = Date.parse(`${dates[dates.length - 1]}T00:00:00Z`);
  const step = Math.max(1, Math.ceil((last - first) / DAY_MS / 6)) * DAY_MS;
  const ticks: number[] = [];
  for (let at = last; at >= first; at -= step) ticks.unshift(at);
  return ticks;
}

/** Orders per city, the most first (the rest summed), when any order names one; orders without a city are told in a note. */
function citiesChart(figures: InsightsFigures): Chart[] {
  const named = figures.cities.filter((city) => city.city !== '');
  if (named.length === 0) return [];
  const cities = named.slice(0, MAX_CITY_BARS).map((city) => ({ label: city.city, value: city.orders }));
  const rest = named.slice(MAX_CITY_BARS).reduce((sum, city) => sum + city.orders, 0);
  if (rest > 0) cities.push({ label: '(other cities)', value: rest });
  const noCity = figures.cities.find((city) => city.city === '')?.orders ?? 0;
  const table = { columns: ['city', 'orders'], rows: figures.cities.map((city) => [city.city || NO_CITY, formatCount(city.orders)]) };
  const chart = barChart('cities', 'Orders per city', cities, { label: 'city', value: 'orders', kind: 'count' }, table);
  return [noCity === 0 ? chart : { ...chart, note: `${countOf(noCity, 'order')} with no city given (not charted).` }];
}

/** One day of sales: its orders per hour, every hour of the day on the axis. */
function hourChart(date: string, hourly: { hour: string; orders: number }[]): Chart {
  const byHour = new Map(hourly.map((entry) => [entry.hour, entry.orders]));
  const values = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')).map((hour) => ({ hour, orders: byHour.get(hour) ?? 0 }));
  const hours = { field: 'hour', type: 'ordinal', title: 'hour', axis: { labelAngle: 0, values: ['00', '03', '06', '09', '12', '15', '18', '21'] } };
  return {
    id: 'sales-per-hour',
    title: `Orders per hour on ${date}`,
    spec: specOf(values, { type: 'bar' }, { x: hours, y: valueScale('orders', 'orders', 'count') }),
    table: { columns: ['hour', 'orders'], rows: hourly.map((entry) => [`${entry.hour}:00`, formatCount(entry.orders)]) },
  };
}

/** Orders per day (per hour when every sale is on one day), and from two days on their running total. */
function salesCharts(figures: InsightsFigures, money: (value: number) => string, paidTitle: string): Chart[] {
  const days = figures.daily.length;
  if (days === 1 && figures.hourly !== null) return [hourChart(figures.daily[0].date, figures.hourly)];
  const perDay: Chart = {
    id: 'sales-per-day',
    title: 'Orders per day',
    spec: specOf(
      figures.daily.map((day) => ({ date: day.date, orders: day.orders })),
      { type: 'bar' },
      { x: dayAxis(days), y: valueScale('orders', 'orders', 'count') },
      { width: days < 2 ? { step: 80 } : WIDTH, height: 220 },
    ),
    table: {
      columns: ['day', 'orders', 'attendees', PAID_BY_BUYERS],
      rows: figures.daily.map((day) => [day.date, formatCount(day.orders), formatCount(day.attendees), money(day.revenue)]),
    },
  };
  // A running total needs two days at least; over one day it is the total above.
  if (days < 2) return [perDay];
  let runningOrders = 0;
  let runningPaid = 0;
  const cumulative = figures.daily.map((day) => {
    runningOrders += day.orders;
    runningPaid += day.revenue;
    return { date: day.date, orders: runningOrders, revenue: roundMoney(runningPaid) };
  });
  const line = { type: 'line', point: true, interpolate: 'monotone' };
  const dates = cumulative.map((day) => day.date);
  return [
    perDay,
    {
      id: 'cumulative-sales',
      title: 'Paid by buyers, running total',
      spec: specOf(cumulative, line, { x: dayAxis(days, dates), y: valueScale('revenue', paidTitle, 'money') }),
      table: {
        columns: ['day', 'orders so far', `${PAID_BY_BUYERS} so far`],
        rows: cumulative.map((day) => [day.date, formatCount(day.orders), money(day.revenue)]),
      },
    },
  ];
}

/** Each ticket's sold of on sale, when the service was read (an export has no ticket list). */
function sellThroughChart(report: InsightsReport): Chart[] {
  const tickets = report.sales?.sellThrough.tickets.filter((ticket) => ticket.share !== null) ?? [];
  if (tickets.length === 0) return [];
  const bars = tickets.map((ticket) => ({ label: ticket.ticket, value: ticket.share ?? 0 }));
  const table = {
    columns: ['ticket', 'sold', 'on sale', 'sell-through'],
    rows: tickets.map((ticket) => [ticket.ticket, formatCount(ticket.sold), formatCount(ticket.onSale), formatShare(ticket.share ?? 0)]),
  };
  return [barChart('sell-through', 'Sell-through per ticket', bars, { label: 'ticket', value: 'sold of on sale', kind: 'share' }, table)];
}

/** Arrivals at the door per ticket (with those expected) and per door, when a check-in table was read. */
function arrivalCharts(report: InsightsReport): Chart[] {
  const { arrivals } = report;
  if (arrivals === undefined) return [];
  const axes: BarAxes = { label: 'ticket', value: ARRIVED, kind: 'count' };
  const perTicket = arrivals.tickets.map((ticket) => ({ label: ticket.ticketName, value: ticket.arrived }));
  const table = {
    columns: ['ticket', ARRIVED, 'expected'],
    rows: arrivals.tickets.map((ticket) => [ticket.ticketName, formatCount(ticket.arrived), formatCount(ticket.expected)]),
  };
  const perDoor = arrivals.doors.map((door) => ({ label: door.door, value: door.arrived }));
  return [
    barChart('arrivals-per-ticket', 'Arrived per ticket', perTicket, axes, table),
    barChart('arrivals-per-door', 'Arrived per door', perDoor, { ...axes, label: 'door' }),
  ];
}

/** Every chart of the report, in page order. */
export function chartsOf(report: InsightsReport): Chart[] {
  const { figures, currency } = report;
  const money = (value: number): string => formatMoney(value, currency);
  const paidTitle = currency === null ? PAID_BY_BUYERS : `${PAID_BY_BUYERS} (${currency})`;
  const ticketBars = (key: 'revenue' | 'attendees'): Bar[] => figures.tickets.map((ticket) => ({ label: ticket.ticket, value: ticket[key] }));
  const paidAxes: BarAxes = { label: 'ticket', value: paidTitle, kind: 'money', column: PAID_BY_BUYERS, cell: money };
  const charts: Chart[] = [
    ...salesCharts(figures, money, paidTitle),
    ...sellThroughChart(report),
    ...arrivalCharts(report),
    barChart('revenue-per-ticket', 'Paid by buyers per ticket', ticketBars('revenue'), paidAxes),
    barChart('attendees-per-ticket', 'Attendees per ticket', ticketBars('attendees'), { label: 'ticket', value: 'attendees', kind: 'count' }),
    ...citiesChart(figures),
  ];
  const used = new Set(charts.map((chart) => chart.id));
  for (const question of figures.questions) {
    if (question.answers === null) continue;
    let id = `question-${slug(question.question)}`;
    while (used.has(id)) id = `${id}-2`;
    used.add(id);
    const bars = question.answers.map((answer) => ({ label: answer.answer, value: answer.attendees }));
    charts.push(barChart(id, question.question, bars, { label: 'answer', value: 'attendees', kind: 'count' }));
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
