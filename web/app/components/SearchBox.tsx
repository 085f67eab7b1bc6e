import { Button } from '@mantine/core';
import { Form } from 'react-router';
import { useT } from '../lib/use-t';
import { SearchIcon } from './icons';
import classes from './SearchBox.module.css';

/** Keyword search: a plain GET form to /search, so it works before (or without) script. */
export function SearchBox({ defaultValue = '', size = 'lg' }: { defaultValue?: string; size?: 'md' | 'lg' }) {
  const t = useT();
  return (
    <Form method="get" action="/search" role="search" className={classes.form} data-size={size}>
      <label htmlFor={`search-keyword-${size}`} className="bw-visually-hidden">
        {t('search.box.label')}
      </label>
      <span className={classes.icon}>
        <SearchIcon size={20} />
      </span>
      <input
        id={`search-keyword-${size}`}
        className={classes.input}
        type="search"
        name="keyword"
        defaultValue={defaultValue}
        placeholder={t('search.box.placeholder')}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        data-testid="search-keyword"
      />
      <Button type="submit" size={size} className={classes.button} data-testid="search-submit">
        {t('search.box.submit')}
      </Button>
    </Form>
  );
}
