import type { ReactNode } from 'react';
import {
  searchAddress,
  type TDirectoryInput,
  type TDirectorySearch,
  type TDirectoryViewEntry,
} from '../../../shared/directory-page.js';
import { directoryCount, directoryText } from '../../../shared/i18n/directory.js';
import {
  formatDay,
  LANGUAGE_NAMES,
  LANGUAGES,
  type TLanguage,
} from '../../../shared/i18n/languages.js';

// The public directory of an organization's approved testers (issue 28), written whole by the
// server: it works without any script (search and paging are a GET form and links). Embedded in
// a host page, one small script reports its height and searches to that page (frame.ts).

type TWords = (
  key: Parameters<typeof directoryText>[1],
  values?: Record<string, string | number>,
) => string;

const wordsOf =
  (language: TLanguage): TWords =>
  (key, values) =>
    directoryText(language, key, values);

/** The parameters every link of the page keeps: its language, and the host page when framed. */
function keptParameters(input: TDirectoryInput, language = input.language) {
  return { lang: language, ...(input.embedOrigin ? { embed: input.embedOrigin } : {}) };
}

/** The site's stylesheet written into the page: it paints with the document, no request more. */
function SiteStyle({ css }: { css: string | null }) {
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet (the server checks it has no </style>), never anything typed
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

/** The page's head and body around its main content. */
function Document({
  input,
  title,
  children,
}: {
  input: TDirectoryInput;
  title: string;
  children: ReactNode;
}) {
  const { language, view } = input;
  const w = wordsOf(language);
  return (
    <html lang={language} className={input.embedOrigin ? 'embedded' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta
          name="description"
          content={w('description', { organization: view.organization.name })}
        />
        {view.organization.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={input.canonicalUrl} />
        <SiteStyle css={input.stylesheet} />
      </head>
      <body>
        {children}
        {input.frameScript ? <script src={input.frameScript} async /> : null}
      </body>
    </html>
  );
}

function LanguageLinks({ input, path }: { input: TDirectoryInput; path: string }) {
  const w = wordsOf(input.language);
  return (
    <nav className="language-switch no-print" aria-label={w('languageSwitch')}>
      <ul>
        {LANGUAGES.map((option) => (
          <li key={option}>
            <a
              href={searchAddress(path, input.search, keptParameters(input, option))}
              lang={option}
              hrefLang={option}
              aria-current={option === input.language ? 'true' : undefined}
            >
              {LANGUAGE_NAMES[option]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchForm({ input, path }: { input: TDirectoryInput; path: string }) {
  const { search, view } = input;
  const w = wordsOf(input.language);
  const filtered = Boolean(search.q || search.city);
  return (
    <section className="box no-print" aria-labelledby="directory-search">
      <h2 id="directory-search">{w('searchHeading')}</h2>
      <form method="get" action={path} className="directory-search">
        {Object.entries(keptParameters(input)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="field">
          <label className="field-label" htmlFor="directory-q">
            {w('searchLabel')}
          </label>
          <p className="hint" id="directory-q-hint">
            {w('searchHint')}
          </p>
          <input
            id="directory-q"
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={100}
            autoComplete="off"
            aria-describedby="directory-q-hint"
          />
        </div>
        <div className="field-grid">
          <div className="field">
            <label className="field-label" htmlFor="directory-city">
              {w('cityLabel')}
            </label>
            <select id="directory-city" name="city" defaultValue={search.city}>
              <option value="">{w('anyCity')}</option>
              {view.cities.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="directory-sort">
              {w('sortLabel')}
            </label>
            <select id="directory-sort" name="sort" defaultValue={search.sort}>
              <option value="name">{w('sortName')}</option>
              <option value="company">{w('sortCompany')}</option>
            </select>
          </div>
        </div>
        <button type="submit" className="button primary">
          {w('search')}
        </button>
        {filtered ? (
          <p>
            <a href={searchAddress(path, { sort: search.sort }, keptParameters(input))}>
              {w('clear')}
            </a>
          </p>
        ) : null}
      </form>
    </section>
  );
}

const personName = (entry: TDirectoryViewEntry) => `${entry.firstName} ${entry.lastName}`;
const placeOf = (entry: TDirectoryViewEntry) =>
  [entry.city, entry.state].filter(Boolean).join(', ');

function Certifications({ entry, language }: { entry: TDirectoryViewEntry; language: TLanguage }) {
  const w = wordsOf(language);
  return (
    <ul className="directory-certifications">
      {entry.certifications.map((certification) => (
        <li key={`${certification.agency}|${certification.number}`}>
          {w('certification', {
            agency: certification.agency,
            type: certification.type,
            number: certification.number,
            date: formatDay(language, certification.expiresOn),
          })}
        </li>
      ))}
    </ul>
  );
}

/** One tester: a heading with their name, then their company's facts and certifications. */
function Entry({ entry, language }: { entry: TDirectoryViewEntry; language: TLanguage }) {
  const w = wordsOf(language);
  const facts: [string, ReactNode][] = [];
  if (entry.company) facts.push([w('company'), entry.company]);
  if (entry.companyPhone) {
    facts.push([
      w('phone'),
      <a key="phone" href={`tel:${entry.companyPhone.replace(/[^\d+]/g, '')}`}>
        {entry.companyPhone}
      </a>,
    ]);
  }
  const place = placeOf(entry);
  if (place) facts.push([w('location'), place]);
  return (
    <li className="directory-entry">
      <h3>{personName(entry)}</h3>
      <dl className="summary">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div style={{ display: 'contents' }}>
          <dt>{w('certifications')}</dt>
          <dd>
            <Certifications entry={entry} language={language} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Pages({ input, path }: { input: TDirectoryInput; path: string }) {
  const { view, search } = input;
  const w = wordsOf(input.language);
  if (view.pages <= 1) return null;
  const link = (page: number) => searchAddress(path, { ...search, page }, keptParameters(input));
  return (
    <nav className="directory-pages no-print" aria-label={w('pages')}>
      {view.page > 1 ? (
        <a href={link(Math.min(view.page - 1, view.pages))} rel="prev">
          {w('previous')}
        </a>
      ) : null}
      <span>{w('pageOf', { page: Math.min(view.page, view.pages), pages: view.pages })}</span>
      {view.page < view.pages ? (
        <a href={link(view.page + 1)} rel="next">
          {w('next')}
        </a>
      ) : null}
    </nav>
  );
}

const asOfFormats = new Map<string, Intl.DateTimeFormat>();

/** The time the list was read, as readers of the language write it, in the program's zone. */
function asOfText(input: TDirectoryInput) {
  const key = `${input.language}|${input.timeZone}`;
  let format = asOfFormats.get(key);
  if (!format) {
    // Made once per language and zone: making one costs more than writing the page.
    format = new Intl.DateTimeFormat(input.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: input.timeZone,
    });
    asOfFormats.set(key, format);
  }
  return format.format(input.view.asOf);
}

/** Links that leave the list (print view, CSV) open a new tab in a host page's frame. */
function LeavingLink({
  input,
  href,
  children,
  download,
}: {
  input: TDirectoryInput;
  href: string;
  children: string;
  download?: boolean;
}) {
  const w = wordsOf(input.language);
  const framed = Boolean(input.embedOrigin);
  return (
    <a
      href={href}
      download={download || undefined}
      target={framed ? '_blank' : undefined}
      rel={framed ? 'noopener' : undefined}
    >
      {children}
      {framed ? <span className="visually-hidden"> {w('opensNewTab')}</span> : null}
    </a>
  );
}

/** The directory page: search, one page of testers, paging, print and CSV, the disclaimer. */
export function DirectoryPage({ input }: { input: TDirectoryInput }) {
  const { view, search, language } = input;
  const w = wordsOf(language);
  const path = `/testers/${view.organization.slug}`;
  const filtered = Boolean(search.q || search.city);
  const kept = keptParameters(input);
  const listSearch: Partial<TDirectorySearch> = {
    q: search.q,
    city: search.city,
    sort: search.sort,
  };
  return (
    <Document input={input} title={w('documentTitle', { organization: view.organization.name })}>
      <LanguageLinks input={input} path={path} />
      <main
        className="page directory"
        data-organization={view.organization.name}
        data-total={view.total}
        data-page={view.page}
        data-filtered={filtered}
      >
        <h1>{w('title')}</h1>
        <p className="lead">{view.organization.name}</p>
        {view.organization.intro ? (
          <p className="directory-intro">{view.organization.intro}</p>
        ) : null}
        <p>{w('asOf', { time: asOfText(input) })}</p>
        <SearchForm input={input} path={path} />
        <section aria-labelledby="directory-results">
          <h2 id="directory-results">
            {filtered
              ? directoryCount(language, 'found', view.total)
              : directoryCount(language, 'listed', view.total)}
          </h2>
          {view.entries.length === 0 ? (
            <p>{filtered ? w('none') : w('empty')}</p>
          ) : (
            <ol
              className="directory-entries"
              aria-label={w('caption', {
                page: Math.min(view.page, view.pages),
                pages: view.pages,
              })}
            >
              {view.entries.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: written once on the server, never reconciled; names repeat, places do not
                <Entry key={index} entry={entry} language={language} />
              ))}
            </ol>
          )}
          <Pages input={input} path={path} />
        </section>
        <p className="no-print directory-exports">
          <LeavingLink input={input} href={searchAddress(`${path}/print`, listSearch, kept)}>
            {w('print')}
          </LeavingLink>
          {' · '}
          <LeavingLink input={input} href={searchAddress(`${path}/csv`, listSearch, kept)} download>
            {w('csv')}
          </LeavingLink>
        </p>
        <p className="directory-disclaimer">{view.organization.disclaimer}</p>
      </main>
    </Document>
  );
}

/** Every entry of the search in one table, for paper (the browser's Print). */
export function DirectoryPrint({ input }: { input: TDirectoryInput }) {
  const { view, language } = input;
  const w = wordsOf(language);
  return (
    <Document input={input} title={w('printTitle', { organization: view.organization.name })}>
      <main className="page directory directory-print">
        <h1>{w('title')}</h1>
        <p className="lead">{view.organization.name}</p>
        <p>{w('asOf', { time: asOfText(input) })}</p>
        <p>
          {directoryCount(
            language,
            input.search.q || input.search.city ? 'found' : 'listed',
            view.total,
          )}
        </p>
        <table>
          <caption className="visually-hidden">{w('printCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{w('tester')}</th>
              <th scope="col">{w('company')}</th>
              <th scope="col">{w('phone')}</th>
              <th scope="col">{w('location')}</th>
              <th scope="col">{w('certifications')}</th>
            </tr>
          </thead>
          <tbody>
            {view.entries.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: written once on the server, never reconciled; names repeat, places do not
              <tr key={index}>
                <th scope="row">{personName(entry)}</th>
                <td>{entry.company ?? ''}</td>
                <td>{entry.companyPhone ?? ''}</td>
                <td>{placeOf(entry)}</td>
                <td>
                  <Certifications entry={entry} language={language} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="directory-disclaimer">{view.organization.disclaimer}</p>
      </main>
    </Document>
  );
}

/** The answer at an address where no directory is published. */
export function DirectoryNotFound({
  input,
}: {
  input: Pick<TDirectoryInput, 'language' | 'stylesheet'>;
}) {
  const w = wordsOf(input.language);
  return (
    <html lang={input.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{w('notFoundTitle')}</title>
        <SiteStyle css={input.stylesheet} />
      </head>
      <body>
        <main className="page">
          <h1>{w('notFoundTitle')}</h1>
          <p>{w('notFound')}</p>
        </main>
      </body>
    </html>
  );
}
