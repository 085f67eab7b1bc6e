import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { themeCssVariables } from '../app/lib/theme-css';
import { theme } from '../app/theme';

describe('themeCssVariables', () => {
  it('is exactly what MantineProvider would write on every render', () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme }, createElement('span')));
    const written = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(written).toBeDefined();
    expect(themeCssVariables).toBe(written);
    // Our brand colour is in it (the test would pass on an empty theme otherwise).
    expect(themeCssVariables).toContain('--mantine-primary-color-filled');
  });
});
