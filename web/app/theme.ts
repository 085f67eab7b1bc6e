import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep navy: the colour of banks and regulators, which is the trust we want to borrow. */
const brand: MantineColorsTuple = [
  '#eaf0fb',
  '#d0dcf2',
  '#9fb7e4',
  '#6b8fd6',
  '#416ec9',
  '#2759c2',
  '#184dbf',
  '#0a3ea8',
  '#023597',
  '#002a7a',
];

/** Latin faces first, then the CJK faces each platform ships, so Chinese never falls back to a Japanese glyph set. */
export const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
