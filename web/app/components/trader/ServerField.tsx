import { TextInput } from '@mantine/core';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { TraderServer } from '../../../../gateway/src/contract.ts';
import { SERVER_QUERY_MIN } from '../../lib/trader';
import { useT } from '../../lib/use-t';
import { useApi } from '../ApiProvider';
import classes from './Trader.module.css';

type Search = { state: 'short' } | { state: 'searching' } | { state: 'failed' } | { state: 'done'; items: TraderServer[] };

/** Waits this long after the last key before asking (one call per pause, not per key). */
const DEBOUNCE_MS = 250;

/**
 * The server of the bind form: a text input (so it works without script: the name is typed) with
 * suggestions from /api/brokers/brokerserver?query= once script runs, and the select-box messages
 * of spec §8 ("please enter N or more characters", "searching", "no results found", "results could
 * not be loaded"). A chosen server also picks its broker.
 */
export function ServerField({
  value,
  broker,
  error,
  disabled,
  onChange,
  onPick,
}: {
  value: string;
  /** The chosen broker (slug): suggestions are limited to its servers. */
  broker: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
  onPick: (server: TraderServer) => void;
}) {
  const t = useT();
  const api = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState<Search>({ state: 'short' });
  const [active, setActive] = useState(-1);
  const query = value.trim();

  useEffect(() => {
    if (!open) return;
    if ([...query].length < SERVER_QUERY_MIN) {
      setSearch({ state: 'short' });
      return;
    }
    setSearch({ state: 'searching' });
    let live = true;
    const timer = window.setTimeout(() => {
      api.get<TraderServer[]>('/api/brokers/brokerserver', { query }).then(
        (r) => live && setSearch({ state: 'done', items: r.data }),
        () => live && setSearch({ state: 'failed' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, query, open]);

  const items = search.state === 'done' ? search.items.filter((s) => !broker || s.broker.id === broker) : [];
  const listId = `${id}-list`;

  function pick(server: TraderServer) {
    onPick(server);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const note =
    search.state === 'short'
      ? t('trader.server.short', { count: SERVER_QUERY_MIN })
      : search.state === 'searching'
        ? t('trader.server.searching')
        : search.state === 'failed'
          ? t('trader.server.failed')
          : items.length === 0
            ? t('trader.server.none')
            : null;

  return (
    <div className={classes.combo}>
      <TextInput
        label={t('trader.bind.server')}
        description={t('trader.bind.serverHint')}
        name="server"
        value={value}
        error={error}
        disabled={disabled}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="bind-server"
      />
      {open && (
        <ul id={listId} role="listbox" className={classes.suggestions} aria-label={t('trader.bind.server')} data-testid="bind-server-list">
          {note !== null && (
            <li className={classes.optionNote} role="presentation" aria-live="polite" data-testid="bind-server-note">
              {note}
            </li>
          )}
          {items.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={classes.option}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
              data-testid="bind-server-option"
            >
              <span>{s.name}</span>
              <span className={classes.small}>
                {s.broker.name} · {t(s.kind === 'live' ? 'trader.badge.live' : 'trader.badge.demo')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
