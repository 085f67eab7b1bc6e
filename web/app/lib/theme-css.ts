import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, type ConvertCSSVariablesInput } from '@mantine/core';
import { theme } from '../theme';

type Variables = Record<string, string>;

function changed(ours: Variables, base: Variables): Variables {
  return Object.fromEntries(Object.entries(ours).filter(([name, value]) => base[name] !== value));
}

/**
 * The CSS variables our theme changes from Mantine's defaults (those come from the static
 * default-css-variables.css), computed once per process and rendered in <head> by the root layout.
 * MantineProvider would compute them again on every render: about 0.7 ms of every server render and
 * again during hydration. A test holds this equal to what MantineProvider itself writes.
 */
export const themeCssVariables: string = (() => {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  const input = {
    variables: changed(ours.variables, base.variables),
    light: changed(ours.light, base.light),
    dark: changed(ours.dark, base.dark),
  } as ConvertCSSVariablesInput;
  return convertCssVariables(input);
})();
