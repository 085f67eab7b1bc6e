import { TextInput } from '@mantine/core';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { TraderServer } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { SERVER_QUERY_MAX, SERVER_QUERY_MIN } from '../../lib/trader';
import { useT } from '../../lib/use-t';
import { useApi } from '../ApiProvider';
import classes from './Trader.module.css';

type Search =
  | { state: 'short' }
  | { state: 'long'; excess: number }
  | { state: 'searching' }
  | { state: 'failed' }
  /** `limit`: how many were asked for; `more`: the API may have more (it filled the page). */
  | { state: 'done'; items: TraderServer[]; limit: number; more: boolean };

/** Waits this long after the last key before asking (one call per pause, not per key). */
const DEBOUNCE_MS = 250;
/** Suggestions asked for at first, and added each time the list is scrolled to its end, up to the API's 50. */
const PAGE = 20;
const MAX_RESULTS = 50;

/**
 * The server of the bind form: a text input (so it works without script: the name is typed) with
 * suggestions from /api/brokers/brokerserver?query= once script runs, and the select-box messages
 * of spec §8 ("please enter N or more characters", "please delete N characters", "searching", "no
 * results found", "results could not be loaded", "loading more results": the list asks for more as
 * it is scrolled to its end). A chosen server also picks its broker.
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
  // How many suggestions to ask for: a page more each time the list reaches its end; a new query starts over.
  const [wanted, setWanted] = useState({ query, limit: PAGE });
  const limit = wanted.query === query ? wanted.limit : PAGE;

  useEffect(() => {
    if (!open) return;
    const length = [...query].length;
    if (length < SERVER_QUERY_MIN) {
      setSearch({ state: 'short' });
      return;
    }
    // The API refuses a longer query: say how much to delete instead of asking.
    if (length > SERVER_QUERY_MAX) {
      setSearch({ state: 'long', excess: length - SERVER_QUERY_MAX });
      return;
    }
    // Loading more keeps the suggestions shown and asks at once; a new query waits for a pause in typing.
    const more = limit > PAGE;
    if (!more) setSearch({ state: 'searching' });
    let live = true;
    const timer = window.setTimeout(
      () => {
        api.op(ops.traderServers, { query, limit }).then(
          (r) => live && setSearch({ state: 'done', items: r.data, limit, more: r.data.length >= limit && limit < MAX_RESULTS }),
          () => live && setSearch({ state: 'failed' }),
        );
      },
      more ? 0 : DEBOUNCE_MS,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, query, open, limit]);

  const items = search.state === 'done' ? search.items.filter((s) => !broker || s.broker.id === broker) : [];
  const loadingMore = search.state === 'done' && search.limit < limit;
  const listId = `${id}-list`;

  function loadMore() {
    if (search.state === 'done' && search.more && !loadingMore) setWanted({ query, limit: Math.min(limit + PAGE, MAX_RESULTS) });
  }

  function pick(server: TraderServer) {
    onPick(server);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      // At the last suggestion, with more to come: ask for them instead of wrapping around.
      if (active === items.length - 1 && search.state === 'done' && search.more) return loadMore();
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
      : search.state === 'long'
        ? t('trader.server.long', { count: search.excess })
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
        <ul
          id={listId}
          role="listbox"
          className={classes.suggestions}
          aria-label={t('trader.bind.server')}
          aria-busy={loadingMore}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) loadMore();
          }}
          data-testid="bind-server-list"
        >
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
          {loadingMore && (
            <li className={classes.optionNote} role="presentation" aria-live="polite" data-testid="bind-server-more">
              {t('trader.server.loadingMore')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
