import { useEffect, useState } from 'react';
import { findAssemblies, type TFoundAssembly } from './field-store.js';
import { ErrorText } from './fields.js';
import { fieldElementId } from './report.js';
import { useInventoryKeeping } from './use-field-record.js';
import type { TFieldWords } from './words.js';

/** An assembly as the form names it: its ID, type and serial. */
export const assemblyLine = (words: TFieldWords, assembly: TFoundAssembly) =>
  words.tf('testReports.form.assemblyLine', {
    assembly: assembly.assemblyId,
    type: assembly.type,
    serial: assembly.serial || '–',
  });

/**
 * The assembly tested, found by the start of its assembly ID, serial or address among those
 * the phone keeps (with or without signal); chosen, it shows with a way to choose another.
 */
export function AssemblyFinder({
  words,
  organizationId,
  chosen,
  error,
  onChoose,
}: {
  words: TFieldWords;
  organizationId: number;
  chosen: TFoundAssembly | null;
  error?: string | undefined;
  onChoose(assembly: TFoundAssembly | null): void;
}) {
  const { tf } = words;
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<TFoundAssembly[] | null>(null);
  const keeping = useInventoryKeeping();
  const id = fieldElementId('assembly');

  // biome-ignore lint/correctness/useExhaustiveDependencies: searched again once the inventory kept meanwhile is in.
  useEffect(() => {
    let current = true;
    if (!typed.trim()) {
      setFound(null);
      return;
    }
    findAssemblies(organizationId, typed).then(
      (assemblies) => current && setFound(assemblies),
      () => current && setFound([]),
    );
    return () => {
      current = false;
    };
  }, [organizationId, typed, keeping]);

  if (chosen) {
    return (
      <div className={error ? 'field field-error' : 'field'}>
        <ErrorText id={id} error={error} />
        <p className="chosen-assembly">
          <strong>{assemblyLine(words, chosen)}</strong>
          <br />
          {chosen.address}
        </p>
        <button
          id={id}
          type="button"
          className="button secondary"
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => onChoose(null)}
        >
          {tf('testReports.form.changeAssembly')}
        </button>
      </div>
    );
  }
  const hint = tf('testReports.form.searchHint');
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>{tf('testReports.form.search')}</label>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <ErrorText id={id} error={error} />
      <input
        id={id}
        type="search"
        inputMode="search"
        autoComplete="off"
        value={typed}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      <p role="status" className="hint">
        {found === null
          ? ''
          : found.length === 0
            ? tf('testReports.form.noneFound')
            : tf('testReports.form.found', { count: found.length })}
        {found !== null && keeping ? ` ${tf('testReports.form.stillKeeping')}` : ''}
      </p>
      {found?.length ? (
        <ul className="found-assemblies">
          {found.map((assembly) => (
            <li key={assembly.id}>
              <button
                type="button"
                className="button secondary"
                onClick={() => {
                  onChoose(assembly);
                  setTyped('');
                }}
              >
                {tf('testReports.form.chooseAssembly', { assembly: assembly.assemblyId })}
              </button>{' '}
              <span>
                {assemblyLine(words, assembly)}, {assembly.address}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
