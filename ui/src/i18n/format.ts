/** Locale-aware formatting with Intl. Pure: the caller passes the locale (and "now"). */
export interface Formatters {
  number(value: number, maxFractionDigits?: number): string;
  bytes(value: number): string;
  dateTime(date: Date): string;
  relative(date: Date, now?: Date): string;
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

export function createFormatters(locale: string): Formatters {
  const numberFormats = new Map<number, Intl.NumberFormat>();
  const numberFormat = (digits: number): Intl.NumberFormat => {
    let format = numberFormats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      numberFormats.set(digits, format);
    }
    return format;
  };
  // Every list row shows a size: a formatter each time cost a tenth of a millisecond a row.
  const byteFormats = new Map<string, Intl.NumberFormat>();
  const byteFormat = (unit: number, digits: number): Intl.NumberFormat => {
    const key = `${unit}:${digits}`;
    let format = byteFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: "unit",
        unit: BYTE_UNITS[unit] ?? "byte",
        unitDisplay: unit === 0 ? "long" : "short",
        maximumFractionDigits: digits,
      });
      byteFormats.set(key, format);
    }
    return format;
  };
  // Made when first used: the window's first screen shows no date, and building these loads
  // ICU's calendars, time zones and patterns into the web process.
  let dateTimeFormat: Intl.DateTimeFormat | undefined;
  let relativeFormat: Intl.RelativeTimeFormat | undefined;
  const relative = (amount: number, unit: Intl.RelativeTimeFormatUnit) => {
    relativeFormat ??= new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "long" });
    return relativeFormat.format(amount, unit);
  };

  return {
    number: (value, maxFractionDigits = 0) => numberFormat(maxFractionDigits).format(value),

    bytes(value) {
      let amount = Math.max(0, value);
      let unit = 0;
      while (amount >= 1000 && unit < BYTE_UNITS.length - 1) {
        amount /= 1000;
        unit += 1;
      }
      return byteFormat(unit, unit === 0 || amount >= 100 ? 0 : 1).format(amount);
    },

    dateTime(date) {
      dateTimeFormat ??= new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
      return dateTimeFormat.format(date);
    },

    relative(date, now = new Date()) {
      let amount = (date.getTime() - now.getTime()) / 1000;
      for (const [unit, size] of RELATIVE_STEPS) {
        if (Math.abs(amount) < size) return relative(Math.round(amount), unit);
        amount /= size;
      }
      return relative(Math.round(amount), "year");
    },
  };
}

/** Parses an ISO 8601 timestamp; `null` when the server sent something unreadable. */
export function parseTimestamp(raw: string): Date | null {
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}
