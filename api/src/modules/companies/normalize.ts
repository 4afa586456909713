import { isCanadianProvince } from '../../../../shared/registration.js';

// The normalized forms stored in companies.*_key and compared when matching: two spellings of
// the same company, street or phone number produce the same key.

/** Legal-form words that say nothing about which company it is. */
const COMPANY_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'lc',
  'llp',
  'lp',
  'pllc',
  'pc',
  'co',
  'company',
  'corp',
  'corporation',
  'ltd',
  'limited',
]);

/** USPS standard abbreviations (Publication 28) for street types, directions and units. */
const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  terrace: 'ter',
  square: 'sq',
  trail: 'trl',
  turnpike: 'tpke',
  expressway: 'expy',
  freeway: 'fwy',
  center: 'ctr',
  centre: 'ctr',
  plaza: 'plz',
  point: 'pt',
  route: 'rte',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  suite: 'ste',
  apartment: 'apt',
  building: 'bldg',
  floor: 'fl',
  room: 'rm',
  unit: 'unit',
  number: '',
  no: '',
};

const CITY_WORDS: Record<string, string> = { saint: 'st', fort: 'ft', mount: 'mt' };

/** Lower case, accents dropped, '&' read as 'and', anything but letters and digits a space. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

export function companyNameKey(name: string): string {
  const all = words(name).filter((word, index) => !(index === 0 && word === 'the'));
  // Initials typed with dots ("A.B.C. Plumbing L.L.C.") arrive as single letters: join each run.
  const joined: string[] = [];
  let previousWasLetter = false;
  for (const word of all) {
    const isLetter = /^[a-z]$/.test(word);
    if (isLetter && previousWasLetter) joined[joined.length - 1] += word;
    else joined.push(word);
    previousWasLetter = isLetter;
  }
  const kept = joined.filter((word) => !COMPANY_SUFFIXES.has(word));
  return (kept.length ? kept : joined).join(' ').slice(0, 255);
}

export function addressKey(address: string): string {
  return words(address)
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .filter(Boolean)
    .join(' ')
    .slice(0, 255);
}

export function cityKey(city: string): string {
  return words(city)
    .map((word) => CITY_WORDS[word] ?? word)
    .join(' ')
    .slice(0, 255);
}

/** US: the 5-digit zip (zip+4 dropped). Canada: the postal code without spaces. */
export function zipKey(zip: string, state: string): string {
  const compact = zip.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return (isCanadianProvince(state) ? compact : compact.slice(0, 5)).slice(0, 10);
}

/** Digits only, without a leading US country code; too short to identify anyone means none. */
export function phoneKey(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 7 ? digits.slice(0, 50) : '';
}

export interface CompanyKeys {
  nameKey: string;
  addressKey: string;
  cityKey: string;
  zip5: string;
  phoneKey: string;
}

export function companyKeys(company: {
  companyName: string;
  companyAddress1: string;
  companyCity: string;
  companyState: string;
  companyZip: string;
  companyPhone: string;
}): CompanyKeys {
  return {
    nameKey: companyNameKey(company.companyName),
    addressKey: addressKey(company.companyAddress1),
    cityKey: cityKey(company.companyCity),
    zip5: zipKey(company.companyZip, company.companyState),
    phoneKey: phoneKey(company.companyPhone),
  };
}
