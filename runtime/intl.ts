// Intl formatters and collators, made once per locale and options and then reused: making one
// loads ICU data (tens of ms for a page's first collator or formatter, issue 18), and views format
// and sort at every render. Imported by lazy chunks only.
const made = new Map<string, unknown>();

function once<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = kind + ' ' + locale + ' ' + JSON.stringify(options);
  let value = made.get(key) as T | undefined;
  if (value === undefined) made.set(key, (value = make()));
  return value;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  once('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const collator = (locale: string, options: Intl.CollatorOptions = {}): Intl.Collator =>
  once('collator', locale, options, () => new Intl.Collator(locale, options));
