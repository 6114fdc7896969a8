// PrimeVue's Aura preset in the app's colours: a calm blue for actions and selection, slate surfaces.
import { definePreset } from '@primeuix/themes'
import Aura from '@primeuix/themes/aura'

export const LedgerdeskPreset = definePreset(Aura, {
  semantic: {
    primary: {
      50: '{blue.50}',
      100: '{blue.100}',
      200: '{blue.200}',
      300: '{blue.300}',
      400: '{blue.400}',
      500: '{blue.500}',
      600: '{blue.600}',
      700: '{blue.700}',
      800: '{blue.800}',
      900: '{blue.900}',
      950: '{blue.950}',
    },
    // Aura fills buttons with primary.500; white on blue.500 is 3.7:1, below WCAG AA's 4.5:1 for text.
    colorScheme: {
      light: {
        primary: {
          color: '{primary.600}',
          contrastColor: '#ffffff',
          hoverColor: '{primary.700}',
          activeColor: '{primary.800}',
        },
      },
    },
  },
})

export const primeVueOptions = {
  theme: {
    preset: LedgerdeskPreset,
    // The app is light; a dark scheme would switch on with this class on <html>.
    options: { darkModeSelector: '.ld-dark' },
  },
}
