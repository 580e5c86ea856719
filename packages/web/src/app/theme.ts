import { createTheme, type MantineColorsTuple } from '@mantine/core';

// One green primary (shade 7 = #2B7A4B, 5.3:1 on white) and one warm secondary for calls to action.
const eco: MantineColorsTuple = [
  '#E3F2E8',
  '#C9E6D2',
  '#A6D6B6',
  '#80C398',
  '#5BAA78',
  '#3E9160',
  '#338555',
  '#2B7A4B',
  '#1E5A37',
  '#14422A',
];
const warm: MantineColorsTuple = [
  '#FCE9D9',
  '#F9D6B8',
  '#F5BF90',
  '#F0A766',
  '#EC9450',
  '#E8833A',
  '#D9722B',
  '#B85E21',
  '#944B1A',
  '#703812',
];

export const theme = createTheme({
  primaryColor: 'eco',
  primaryShade: 7,
  colors: { eco, warm },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  fontSizes: { md: '1rem' },
  other: {
    pageMaxWidth: 1100,
    surface: '#F6F8F7',
    textMuted: '#5F6B64',
  },
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Every toast's close button has a name (axe button-name); a plain object: no component in the entry chunk.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } },
  },
});
