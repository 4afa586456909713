import { fillMessage } from '../fill-message.js';
import type { TLanguage } from './languages.js';

// The public directory's words (issue 28), in both languages. Apart from the site's catalogue on
// purpose: only the server writes the directory (its page, print view and CSV), so the site's
// first download does not carry them.

const en = {
  title: 'Approved Backflow Testers',
  documentTitle: 'Approved Backflow Testers – {organization}',
  printTitle: 'Approved Backflow Testers – {organization} (print view)',
  description:
    'The backflow prevention assembly testers approved by {organization}, with their companies and current certifications.',
  defaultDisclaimer:
    '{organization} does not endorse, recommend or guarantee any tester on this list. It lists the testers whose registration with the program and whose certifications are current; choosing a tester is your decision.',
  asOf: 'This list shows the testers approved as of {time}.',
  searchHeading: 'Find a tester',
  searchLabel: 'Tester or company name',
  searchHint: 'The beginning of any word of the name, for example "smi" for Smith.',
  cityLabel: 'City',
  anyCity: 'All cities',
  sortLabel: 'Sort by',
  sortName: 'Tester name',
  sortCompany: 'Company name',
  search: 'Search',
  clear: 'Show all testers',
  found: ({ total }: { total: number }) =>
    total === 1 ? '1 tester found.' : `${total} testers found.`,
  listed: ({ total }: { total: number }) =>
    total === 1 ? '1 approved tester.' : `${total} approved testers.`,
  none: 'No approved tester matches your search.',
  empty: 'No testers are listed yet.',
  caption: 'Approved testers, page {page} of {pages}',
  printCaption: 'Approved testers',
  tester: 'Tester',
  company: 'Company',
  phone: 'Company phone',
  location: 'City',
  certifications: 'Certifications',
  certification: '{agency} {type}, no. {number}, valid through {date}',
  pages: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  pageOf: 'Page {page} of {pages}',
  print: 'Print view',
  csv: 'Download the list (CSV)',
  opensNewTab: '(opens in a new tab)',
  languageSwitch: 'Language',
  notFoundTitle: 'Directory Not Found',
  notFound: 'There is no published directory of testers at this address.',
  csvColumns: {
    firstName: 'First Name',
    lastName: 'Last Name',
    company: 'Company',
    companyPhone: 'Company Phone',
    city: 'City',
    state: 'State',
    agency: 'Certification Agency',
    type: 'Certification Type',
    number: 'Certification Number',
    expiresOn: 'Expiration Date',
  },
};

type TDirectoryWords = typeof en;

const es: TDirectoryWords = {
  title: 'Probadores de contraflujo aprobados',
  documentTitle: 'Probadores de contraflujo aprobados – {organization}',
  printTitle: 'Probadores de contraflujo aprobados – {organization} (versión para imprimir)',
  description:
    'Los probadores de dispositivos de prevención de contraflujo aprobados por {organization}, con sus empresas y certificaciones vigentes.',
  defaultDisclaimer:
    '{organization} no respalda, recomienda ni garantiza a ningún probador de esta lista. La lista muestra a los probadores cuyo registro en el programa y cuyas certificaciones están vigentes; la elección de un probador es decisión suya.',
  asOf: 'Esta lista muestra los probadores aprobados al {time}.',
  searchHeading: 'Buscar un probador',
  searchLabel: 'Nombre del probador o de la empresa',
  searchHint: 'El comienzo de cualquier palabra del nombre, por ejemplo "gar" para García.',
  cityLabel: 'Ciudad',
  anyCity: 'Todas las ciudades',
  sortLabel: 'Ordenar por',
  sortName: 'Nombre del probador',
  sortCompany: 'Nombre de la empresa',
  search: 'Buscar',
  clear: 'Mostrar todos los probadores',
  found: ({ total }: { total: number }) =>
    total === 1 ? 'Se encontró 1 probador.' : `Se encontraron ${total} probadores.`,
  listed: ({ total }: { total: number }) =>
    total === 1 ? '1 probador aprobado.' : `${total} probadores aprobados.`,
  none: 'Ningún probador aprobado coincide con su búsqueda.',
  empty: 'Todavía no hay probadores en la lista.',
  caption: 'Probadores aprobados, página {page} de {pages}',
  printCaption: 'Probadores aprobados',
  tester: 'Probador',
  company: 'Empresa',
  phone: 'Teléfono de la empresa',
  location: 'Ciudad',
  certifications: 'Certificaciones',
  certification: '{agency} {type}, n.º {number}, vigente hasta el {date}',
  pages: 'Páginas',
  previous: 'Página anterior',
  next: 'Página siguiente',
  pageOf: 'Página {page} de {pages}',
  print: 'Versión para imprimir',
  csv: 'Descargar la lista (CSV)',
  opensNewTab: '(se abre en una pestaña nueva)',
  languageSwitch: 'Idioma',
  notFoundTitle: 'Directorio no encontrado',
  notFound: 'No hay un directorio publicado de probadores en esta dirección.',
  csvColumns: {
    firstName: 'Nombre',
    lastName: 'Apellido',
    company: 'Empresa',
    companyPhone: 'Teléfono de la empresa',
    city: 'Ciudad',
    state: 'Estado',
    agency: 'Agencia certificadora',
    type: 'Tipo de certificación',
    number: 'Número de certificación',
    expiresOn: 'Fecha de vencimiento',
  },
};

const WORDS: Record<TLanguage, TDirectoryWords> = { en, es };

type TTextKey = {
  [K in keyof TDirectoryWords]: TDirectoryWords[K] extends string ? K : never;
}[keyof TDirectoryWords];

/** A text of the directory in the language, its `{names}` filled. */
export function directoryText(
  language: TLanguage,
  key: TTextKey,
  values: Record<string, string | number> = {},
): string {
  return fillMessage(WORDS[language][key], values);
}

/** "12 testers found." / "12 approved testers." */
export function directoryCount(language: TLanguage, key: 'found' | 'listed', total: number) {
  return WORDS[language][key]({ total });
}

/** The CSV's column headings in the language. */
export const directoryCsvColumns = (language: TLanguage) => WORDS[language].csvColumns;
