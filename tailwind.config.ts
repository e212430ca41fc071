import type { Config } from 'tailwindcss';

// Tailwind 4 reads this through `@config` in app/tailwind.css. Brand colours chosen for at least
// 4.5:1 contrast against white (text) and for white text on them (buttons).
export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff',
          100: '#dbe6fe',
          600: '#2553d4',
          700: '#1d43ad',
          800: '#1b3a8c',
          900: '#172f6e',
        },
      },
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
    },
  },
} satisfies Config;
