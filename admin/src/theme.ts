import { defaultTheme, type RaThemeOptions } from 'react-admin';

// The read-only organization view shows disabled fields: their labels stay readable.
const READABLE_DISABLED = { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } };

// react-admin's default theme with darker primary and error colours: white app-bar text, red
// error labels on filled (grey) inputs and disabled labels must all meet WCAG AA contrast.
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    error: { main: '#b71c1c' },
  },
  components: {
    ...defaultTheme.components,
    MuiFormLabel: { styleOverrides: { root: READABLE_DISABLED } },
    MuiInputLabel: { styleOverrides: { root: READABLE_DISABLED } },
    MuiFormHelperText: { styleOverrides: { root: READABLE_DISABLED } },
    MuiFormControlLabel: { styleOverrides: { label: READABLE_DISABLED } },
  },
};
