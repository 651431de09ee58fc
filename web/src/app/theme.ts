import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
} from '@mantine/core';

/**
 * One green for every primary action (login, panel, settings; there were three: teal.9, green and
 * #2b7a3b). Shade 7
 * is the panel's #2b7a3b: white text on it keeps 5.4:1 (WCAG AA), which Mantine's own green
 * filled buttons (green.6, 3.1:1) did not.
 */
export const theme = createTheme({
  colors: {
    brand: [
      '#ebfbee',
      '#d3f9d8',
      '#b2f2bb',
      '#8ce99a',
      '#69db7c',
      '#4bb35f',
      '#3a9a4d',
      '#2b7a3b',
      '#236530',
      '#1b4f25',
    ],
  },
  primaryColor: 'brand',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** 'dimmed' text (descriptions, hints) at gray.7: Mantine's gray.6 falls under 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/**
 * The app has one colour scheme, light. Mantine's default manager reads localStorage while a page
 * hydrates (a blocking call to the browser process, up to 134 ms of a task on a loaded machine);
 * this one reads nothing.
 */
export const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
