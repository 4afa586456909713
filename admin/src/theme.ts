import { defaultTheme, type RaThemeOptions } from 'react-admin';

// The read-only organization view shows disabled fields: their labels stay readable.
const READABLE_DISABLED = { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } };

// react-admin's default theme with darker primary, error, warning and info colours: white
// app-bar text, red error labels on filled (grey) inputs, disabled labels and the review
// screen's chips must all meet WCAG AA contrast.
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    error: { main: '#b71c1c' },
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
  },
  components: {
    ...defaultTheme.components,
    MuiFormLabel: { styleOverrides: { root: READABLE_DISABLED } },
    MuiInputLabel: { styleOverrides: { root: READABLE_DISABLED } },
    MuiFormHelperText: { styleOverrides: { root: READABLE_DISABLED } },
    MuiFormControlLabel: { styleOverrides: { label: READABLE_DISABLED } },
  },
};
