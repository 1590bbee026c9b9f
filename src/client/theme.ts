import { createTheme, type MantineThemeComponent, type NotificationProps } from '@mantine/core'

const FIELD_TEXT_STYLES = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
}

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: 8,
  colors: {
    // A deep ocean blue: calm, clinical-but-not-medical; shade 8 keeps white text above 4.5:1.
    ocean: [
      '#e6f4fb',
      '#cde6f3',
      '#9dcbe6',
      '#69afd9',
      '#4097ce',
      '#2788c8',
      '#1580c6',
      '#006daf',
      '#00609d',
      '#00538b',
    ],
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // Toasts: a named close button (it shows only an icon), and message text that keeps 4.5:1 on
    // white (Mantine's "dimmed" grey does not).
    // Plain objects, not Notification.extend() (the identity, typed): importing the components here
    // would put their code in every page's first load.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } satisfies Partial<NotificationProps>,
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    } satisfies MantineThemeComponent,
    // A field's help text ("Optional") and its error message in shades that keep 4.5:1 on white;
    // Mantine's defaults (dimmed grey, red 6) give about 3.3:1.
    InputWrapper: { styles: FIELD_TEXT_STYLES } satisfies MantineThemeComponent,
    Checkbox: { styles: FIELD_TEXT_STYLES } satisfies MantineThemeComponent,
  },
})
