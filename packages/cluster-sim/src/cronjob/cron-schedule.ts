/**
 * A CronJob schedule, read as github.com/robfig/cron/v3's ParseStandard reads it (the parser
 * kube's CronJob controller uses), and its next activation after a time, in a time zone.
 *
 * Five fields (minute, hour, day of month, month, day of week) with `*`, `?`, ranges, steps,
 * lists and month/weekday names; the descriptors @yearly ... @hourly and `@every <duration>`;
 * a `TZ=` or `CRON_TZ=` prefix. As in robfig, when both day fields are restricted a day
 * matching either one matches; when one of them is `*`, both must match.
 *
 * The API server already rejects schedules that do not parse (its own cron-schedule.ts
 * reports robfig's messages); this side only needs to compute times, so it throws a plain
 * Error on what it cannot read.
 */

interface FieldRange {
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const minute: FieldRange = { min: 0, max: 59 };
const hour: FieldRange = { min: 0, max: 23 };
const dayOfMonth: FieldRange = { min: 1, max: 31 };
const month: FieldRange = { min: 1, max: 12, names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 } };
const dayOfWeek: FieldRange = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

const descriptors: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

export interface CronSchedule {
  /** The first activation strictly after `afterMs` (epoch ms), or undefined if none within five years. */
  next(afterMs: number): number | undefined;
}

interface Fields {
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  /** robfig's star bit: the field was `*` or `?`. */
  readonly anyDay: boolean;
  readonly anyWeekday: boolean;
}

function parseValue(text: string, range: FieldRange): number {
  const named = range.names?.[text.toLowerCase()];
  if (named !== undefined) return named;
  if (!/^\d+$/.test(text)) throw new Error(`failed to parse int from ${text}`);
  return Number(text);
}

function parseField(text: string, range: FieldRange): Set<number> {
  const values = new Set<number>();
  for (const expr of text.split(',')) {
    const [span = '', stepText] = expr.split('/');
    const [low = '', high] = span.split('-');
    const all = low === '*' || low === '?';
    const start = all ? range.min : parseValue(low, range);
    const end = all ? range.max : high !== undefined ? parseValue(high, range) : stepText !== undefined ? range.max : start;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (start < range.min || end > range.max || start > end || !(step > 0)) throw new Error(`invalid range: ${expr}`);
    for (let v = start; v <= end; v += step) values.add(v);
  }
  return values;
}

/** Go's time.ParseDuration for what @every takes ("1h30m", "90s", "1.5h"). */
function parseDurationMs(text: string): number {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  const parts = text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g);
  let consumed = '';
  for (const [whole, amount, unit] of parts) {
    total += Number(amount) * (units[unit ?? ''] ?? 0);
    consumed += whole;
  }
  if (consumed !== text || consumed === '') throw new Error(`invalid duration ${text}`);
  return total;
}

export function parseCronSchedule(schedule: string, timeZone?: string): CronSchedule {
  let spec = schedule.trim();
  let zone = timeZone || 'UTC';
  const tz = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/.exec(spec);
  if (tz) {
    zone = tz[1] ?? zone;
    spec = (tz[2] ?? '').trim();
  }
  if (spec.startsWith('@every ')) {
    // robfig's ConstantDelay: at least a second, whole seconds, counted from the last run.
    const delay = Math.max(1000, Math.floor(parseDurationMs(spec.slice('@every '.length).trim()) / 1000) * 1000);
    return { next: (afterMs) => Math.floor(afterMs / 1000) * 1000 + delay };
  }
  spec = descriptors[spec] ?? spec;
  const parts = spec.split(/\s+/);
  if (parts.length !== 5) throw new Error(`expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`);
  const [m = '', h = '', dom = '', mon = '', dow = ''] = parts;
  const weekdays = parseField(dow, { ...dayOfWeek, max: 7 });
  if (weekdays.delete(7)) weekdays.add(0);
  const fields: Fields = {
    minutes: parseField(m, minute),
    hours: parseField(h, hour),
    days: parseField(dom, dayOfMonth),
    months: parseField(mon, month),
    weekdays,
    anyDay: dom.startsWith('*') || dom.startsWith('?'),
    anyWeekday: dow.startsWith('*') || dow.startsWith('?'),
  };
  const wallClock = wallClockIn(zone);
  return { next: (afterMs) => nextMatch(fields, wallClock, afterMs) };
}

interface WallClock {
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
}

const weekdayNumbers: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock reading of an instant in the zone (throws RangeError for an unknown zone). */
function wallClockIn(zone: string): (ms: number) => WallClock {
  if (zone === 'UTC' || zone === 'Etc/UTC') {
    return (ms) => {
      const d = new Date(ms);
      return { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
    };
  }
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (ms) => {
    const part = (type: string): string => format.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
    return {
      month: Number(part('month')),
      day: Number(part('day')),
      weekday: weekdayNumbers[part('weekday')] ?? 0,
      hour: Number(part('hour')),
      minute: Number(part('minute')),
    };
  };
}

const minuteMs = 60_000;
const fiveYearsMs = 5 * 366 * 24 * 60 * minuteMs;

function nextMatch(fields: Fields, wallClock: (ms: number) => WallClock, afterMs: number): number | undefined {
  // Whole minutes, strictly after: robfig adds a second and truncates to the second, and a
  // five-field schedule always fires at second 0.
  let t = Math.floor(afterMs / minuteMs) * minuteMs + minuteMs;
  const end = afterMs + fiveYearsMs;
  while (t <= end) {
    const w = wallClock(t);
    const dayMatches =
      fields.anyDay || fields.anyWeekday ? fields.days.has(w.day) && fields.weekdays.has(w.weekday) : fields.days.has(w.day) || fields.weekdays.has(w.weekday);
    if (!fields.months.has(w.month) || !dayMatches) t += ((23 - w.hour) * 60 + (60 - w.minute)) * minuteMs;
    else if (!fields.hours.has(w.hour)) t += (60 - w.minute) * minuteMs;
    else if (!fields.minutes.has(w.minute)) t += minuteMs;
    else return t;
  }
  return undefined;
}
