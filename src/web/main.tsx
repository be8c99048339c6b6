import './zod-jitless.setup';
import './first-page-styles';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { retryDelay, shouldRetry } from './api-client';
import { router } from './app.router';
import { themeCssVariables, themedButton, themeVariantColors } from './shell/theme-variables';
import './i18n';

// Darker shades than Mantine's defaults, so text, links and dimmed text meet WCAG AA contrast.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'sm',
  // The theme editor's colours (its stylesheet's variables) for the variants of buttons, badges and alerts.
  variantColorResolver: themeVariantColors,
  components: {
    Button: themedButton,
    // A select's closed list stays out of the page: mounted (Mantine's default), it is positioned
    // again at every render of its form or list, each time making the browser lay the page out.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...themeCssVariables,
  },
  dark: {},
});
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetry, retryDelay } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
